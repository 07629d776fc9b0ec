import { useCallback } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { JOURNAL_PAGE_TYPE, type JournalPage } from '@contracts/api/journal';
import type { WizardTab } from '@/components/wizard/wizard-frame';
import { paths, withId } from '@/config/paths';
import { useJournalPagesQuery } from '../api/journal-api';
import { useWizardProfileId } from './use-wizard-profile';

const editor = paths.mj.wizard.editor;

export interface EditorTab extends WizardTab {
  /** A page editor's page type: the tab opens only while that page exists and is enabled. */
  pageTypeId?: number;
}

/** The Site Editor's sub-tabs, in the order the flow visits them (01 §2.4, §2.9). */
export const EDITOR_TABS: readonly EditorTab[] = [
  { label: 'Appearance', to: editor.font.path },
  // Login is mandatory: its editor opens (and creates the page if step 3 has not).
  { label: 'Login Page', to: editor.login.path },
  { label: 'Locations Page', to: editor.location.path, pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS },
  { label: 'T&Cs Page', to: editor.terms.path, pageTypeId: JOURNAL_PAGE_TYPE.TERMS },
  { label: 'FAQ', to: editor.faq.path, pageTypeId: JOURNAL_PAGE_TYPE.FAQ },
  {
    label: 'Privacy Policy Page',
    to: editor.policy.path,
    pageTypeId: JOURNAL_PAGE_TYPE.PRIVACY_POLICY,
  },
  { label: 'Edit CSS', to: editor.css.path },
];

/** Where the flow goes after the last editor (01 §2.9). */
const AFTER_EDITORS = paths.mj.wizard.summary.path;

/**
 * Without an id no editor opens; with one, Appearance, Login Page and Edit CSS do, and a page
 * tab when its page exists and is enabled (01 §2.4). Pages not loaded yet count as missing.
 */
export function isEditorTabEnabled(
  tab: EditorTab,
  id: number | string | null,
  pages: readonly JournalPage[] | undefined,
): boolean {
  if (id === null || id === '') return false;
  if (tab.pageTypeId === undefined) return true;
  return (pages ?? []).some((page) => page.pageTypeId === tab.pageTypeId && page.enabled === 1);
}

/** The path of the next enabled editor tab after the one at `currentPath`, else the summary. */
export function nextEditorPath(
  currentPath: string,
  id: number,
  pages: readonly JournalPage[] | undefined,
): string {
  const index = EDITOR_TABS.findIndex((tab) => tab.to === currentPath);
  const next = EDITOR_TABS.slice(index + 1).find((tab) => isEditorTabEnabled(tab, id, pages));
  return next?.to ?? AFTER_EDITORS;
}

/**
 * The editor sub-tabs' state for the wizard's profile: which tabs open, and where "Next" goes
 * after a save (01 §2.4 "Next moves to the next enabled tab after the current one"). The pages
 * come from the cached pages query (refetched when a page or the page selection changes).
 */
export function useEditorFlow({ skip = false }: { skip?: boolean } = {}) {
  const id = useWizardProfileId();
  const { data: pages } = useJournalPagesQuery(id === null || skip ? skipToken : id);

  const isEnabled = useCallback(
    (index: number, routeId: string | null) => {
      const tab = EDITOR_TABS[index];
      return tab !== undefined && isEditorTabEnabled(tab, routeId, pages);
    },
    [pages],
  );

  /** `?id` path of the step after the editor at `currentPath` (an EDITOR_TABS path). */
  const nextAfter = useCallback(
    (currentPath: string) => withId(nextEditorPath(currentPath, id ?? 0, pages), id),
    [id, pages],
  );

  return { id, pages, isEnabled, nextAfter };
}
