/**
 * Where the data names an image (server/images/image-references.ts), read in one walk: the
 * answers equal those of reading each text with `includes` and `/[0-9a-f]{32}/g`, on texts
 * made of hex runs of every length around an id's, other characters between them, and ids at
 * every offset.
 */
import { emptyData } from '../../server/db/schema';
import type { Snapshot } from '../../server/db/store';
import { imageIdsNamedBy, stillNamedImageIds } from '../../server/images/image-references';

/** A small deterministic generator (a linear congruential one), so every run tests the same. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
}

const HEX = '0123456789abcdef';
const OTHER = ' .g/"-AFz\n';

/** Texts of hex runs 0-80 long between other characters, some holding one of `ids`. */
function texts(ids: readonly string[], count: number, seed: number): string[] {
  const next = numbers(seed);
  return Array.from({ length: count }, () => {
    let text = '';
    for (let part = next(6); part >= 0; part--) {
      text += OTHER[next(OTHER.length)]!.repeat(next(3) + 1);
      if (next(3) === 0) {
        const id = ids[next(ids.length)]!;
        const before = Array.from({ length: next(40) }, () => HEX[next(16)]).join('');
        text += before + id;
      } else {
        text += Array.from({ length: next(80) }, () => HEX[next(16)]).join('');
      }
    }
    return text;
  });
}

const ids = Array.from({ length: 12 }, (_, index) =>
  Array.from({ length: 32 }, (_digit, at) => HEX[(index * 7 + at * (index + 3)) % 16]).join(''),
);

describe('image references', () => {
  it.each([1, 2, 3, 4, 5])('finds the ids a text contains as includes does (texts %i)', (seed) => {
    // The last four ids are never put in a text: the answer has some ids and not others.
    const all = texts(ids.slice(0, 8), 40, seed);
    const data = {
      ...emptyData(),
      journalPages: all.map((content, pageId) => ({ pageId, content })),
      // The image list itself never counts.
      images: ids.map((id) => ({ id })),
    } as unknown as Snapshot;
    const expected = ids.filter((id) => all.some((text) => text.includes(id)));
    expect([...stillNamedImageIds(data, new Set(ids))].sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(ids.length);
  });

  it.each([1, 2, 3])('reads a record ids as /[0-9a-f]{32}/g does (texts %i)', (seed) => {
    const all = texts(ids, 40, seed);
    const expected = new Set(
      all.flatMap((text) => [...text.matchAll(/[0-9a-f]{32}/g)].map((m) => m[0])),
    );
    expect(imageIdsNamedBy({ list: all, nested: { deeper: [all[0]] } })).toEqual(expected);
  });

  it('names nothing in a text shorter than an id or with no run of 32 digits', () => {
    expect(
      imageIdsNamedBy(['abc', 'f'.repeat(31), `${'a'.repeat(31)}g${'b'.repeat(31)}`, 7]),
    ).toEqual(new Set());
    expect(imageIdsNamedBy({ a: 'a'.repeat(32), b: `x${'c'.repeat(65)}` })).toEqual(
      new Set(['a'.repeat(32), 'c'.repeat(32)]),
    );
  });
});
