/**
 * Counting an import file's data lines as it arrives (server/imports/import-file.ts
 * DataLineCounter, fed by the upload) gives what reading the stored file gives, however the
 * upload's chunks cut it, and what the import numbers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  countDataLines,
  DataLineCounter,
  forEachDataLine,
} from '../../../server/imports/import-file';

const HEADER = 'cardNumber|pin|balance|expiryDate';
const CONTENTS = [
  '',
  HEADER,
  `${HEADER}\n`,
  `${HEADER}\r\n1|2|3|\r\n`,
  `${HEADER}\n1|2|3|\n4|5|6|`,
  `${HEADER}\n\n\n1|2|3|\n`,
  `\ufeff${HEADER}\r\n1|2|3|\r\n\r\n4|5|6|`,
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'import-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('data lines counted as an upload arrives', () => {
  it.each(CONTENTS.map((content) => [JSON.stringify(content), content]))(
    '%s: the same count in chunks of any size as from the file',
    async (_name, content) => {
      const file = path.join(dir, 'upload.txt');
      await writeFile(file, content);
      const stored = countDataLines(file);
      const bytes = Buffer.from(content);
      for (let size = 1; size <= Math.max(1, bytes.length); size += 1) {
        const counter = new DataLineCounter();
        for (let at = 0; at < bytes.length; at += size) counter.add(bytes.subarray(at, at + size));
        expect({ size, lines: counter.dataLines }).toEqual({ size, lines: stored });
      }
      if (content !== '') {
        let numbered = 0;
        forEachDataLine(
          file,
          'card',
          () => undefined,
          (_buffer, _start, _stop, _overlong, line) => {
            numbered = line;
          },
        );
        expect(numbered).toBe(stored);
      }
    },
  );
});
