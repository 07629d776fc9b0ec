/**
 * Embedded-list answers `{ _embedded: { <name>: [...] }, page }` with optional paging.
 * `page` is 1-based (the spec's calls ask for `page=1` meaning the first page) and
 * `page.number` echoes it. Without `page`/`pageSize` the whole list is one page.
 */
import { z } from 'zod';
import type { EmbeddedList } from '@contracts/api/entities';
import { positiveInt } from './validate';

export const MAX_PAGE_SIZE = 1000;

export const pageQuery = z.object({
  page: positiveInt.optional(),
  pageSize: positiveInt
    .pipe(z.number().max(MAX_PAGE_SIZE, `Must be at most ${MAX_PAGE_SIZE}`))
    .optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function embeddedList<Name extends string, T>(
  name: Name,
  items: readonly T[],
  query: PageQuery = {},
): EmbeddedList<Name, T> {
  const total = items.length;
  const number = query.page ?? 1;
  const size = query.pageSize ?? (query.page === undefined ? total : MAX_PAGE_SIZE);
  const start = (number - 1) * size;
  const pageItems = size === 0 ? [] : items.slice(start, start + size);
  const embedded = { [name]: pageItems } as Record<Name, T[]>;
  return {
    _embedded: embedded,
    page: {
      size,
      totalElements: total,
      totalPages: size === 0 ? (total === 0 ? 0 : 1) : Math.ceil(total / size),
      number,
    },
  };
}
