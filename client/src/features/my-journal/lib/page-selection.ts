import type { JournalPage, JournalPageType, NewJournalPage } from '@contracts/api/journal';
import {
  initialSelection as initialSelectionOf,
  type PageTypeChoice,
} from '@/lib/sites/page-selection';

/**
 * Step 3's page selection as data (01 §2.7, §4.3), kept apart from the screen so the rules are
 * tested on their own: which page types start selected, and the calls a save makes.
 */

export type PageCall =
  | { kind: 'enable'; page: JournalPage }
  | { kind: 'disable'; page: JournalPage }
  | { kind: 'create'; page: NewJournalPage };

const pageOf = (pages: readonly JournalPage[], pageTypeId: number) =>
  pages.find((page) => page.pageTypeId === pageTypeId);

/** The checklist's view of a journal page type (lib/sites/page-selection). */
export const pageTypeChoice = (type: JournalPageType): PageTypeChoice => ({
  id: type.pageTypeId,
  name: type.name,
  mandatory: type.mandatory === 1,
  help: type.description,
});

/** A mandatory type is always selected; another starts selected when its page is enabled. */
export function initialSelection(
  pageTypes: readonly JournalPageType[],
  pages: readonly JournalPage[],
): Set<number> {
  return initialSelectionOf(
    pageTypes.map(pageTypeChoice),
    (pageTypeId) => pageOf(pages, pageTypeId)?.enabled === 1,
  );
}

/**
 * The calls a save makes, in page-type order: a selected type whose page exists but is not
 * enabled gets it enabled; an enabled page that was unselected gets disabled; a selected type
 * without a page gets one created. Mandatory types count as selected whatever is passed.
 */
export function planPageSelection(
  pageTypes: readonly JournalPageType[],
  pages: readonly JournalPage[],
  selected: ReadonlySet<number>,
  profileId: number,
): PageCall[] {
  const calls: PageCall[] = [];
  for (const type of pageTypes) {
    const wanted = type.mandatory === 1 || selected.has(type.pageTypeId);
    const page = pageOf(pages, type.pageTypeId);
    if (wanted && page === undefined) {
      // The server creates a page enabled (01 §7.3 sends only the type and the profile).
      calls.push({ kind: 'create', page: { pageTypeId: type.pageTypeId, profileId } });
    } else if (wanted && page !== undefined && page.enabled !== 1) {
      calls.push({ kind: 'enable', page: { ...page, enabled: 1 } });
    } else if (!wanted && page?.enabled === 1) {
      calls.push({ kind: 'disable', page: { ...page, enabled: 0 } });
    }
  }
  return calls;
}
