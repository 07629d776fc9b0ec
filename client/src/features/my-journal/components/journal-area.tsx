import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { QueryContent } from '@/components/common/query-content';
import { SearchBox } from '@/components/common/search-box';
import { ProgramList } from '@/components/programs/program-list';
import {
  WizardFrame,
  WizardTabs,
  firstTabUntilId,
  type WizardTab,
} from '@/components/wizard/wizard-frame';
import { siteBuilderTabs } from '@/components/wizard/site-builder-tabs';
import { paths } from '@/config/paths';
import { COMMON_TEXT } from '@/config/texts';
import { useProgramsQuery } from '@/lib/api/lookups-api';
import { useStoreShape } from '@/lib/api/store-shape';
import { filterProgramsByName } from '@/lib/programs';

/** The MyJournal area (01 §2.2-2.4): one lazily loaded module for its dashboard and wizard. */

const TEXT = {
  dashboardTitle: 'Select a MyJournal Website',
  wizardTitle: 'MyJournal Website',
  programs: 'Programs',
} as const;

const wizard = paths.mj.wizard;

/** Six tabs in order (01 §2.4); Site Editor opens the Appearance editor. */
const TABS = siteBuilderTabs(wizard, wizard.editor.font.path);

const EDITOR_TABS: readonly WizardTab[] = [
  { label: 'Appearance', to: wizard.editor.font.path },
  { label: 'Login Page', to: wizard.editor.login.path },
  { label: 'Locations Page', to: wizard.editor.location.path },
  { label: 'T&Cs Page', to: wizard.editor.terms.path },
  { label: 'FAQ', to: wizard.editor.faq.path },
  { label: 'Privacy Policy Page', to: wizard.editor.policy.path },
  { label: 'Edit CSS', to: wizard.editor.css.path },
];

/**
 * Without an id no editor tab opens; with one, Appearance, Login Page and Edit CSS do. The page
 * tabs (Locations, T&Cs, FAQ, Privacy Policy) also need their page enabled, which the editor
 * screens check against the profile's pages.
 */
const ALWAYS_ENABLED_EDITORS = new Set([0, 1, 6]);
const editorTabEnabled = (index: number, id: string | null) =>
  Boolean(id) && ALWAYS_ENABLED_EDITORS.has(index);

/** "step N of 6"; the editor screens read "step 4 of 6" like the media step (01 §2.4). */
const journalStepLabel = (index: number, total: number) =>
  COMMON_TEXT.stepOf(index === 4 ? 4 : index + 1, total);

export function JournalDashboard() {
  const [search, setSearch] = useState('');
  const programs = useStoreShape(useProgramsQuery());
  const shown = filterProgramsByName(programs.data ?? [], search);

  return (
    <section aria-labelledby="mj-dashboard-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <h1 id="mj-dashboard-title" className="h3 mb-0">
          {TEXT.dashboardTitle}
        </h1>
        <div className="d-flex gap-2 align-items-center">
          <SearchBox value={search} onChange={setSearch} />
          <Link className="btn btn-primary text-nowrap" to={wizard.setup.path}>
            {COMMON_TEXT.addNew}
          </Link>
        </div>
      </div>
      <QueryContent state={programs}>
        <ProgramList programs={shown} filtered={search.trim() !== ''} label={TEXT.programs} />
      </QueryContent>
    </section>
  );
}

export function JournalWizard() {
  const { pathname } = useLocation();
  const inEditor = pathname.startsWith(wizard.editor.path);
  return (
    <WizardFrame
      title={TEXT.wizardTitle}
      tabs={TABS}
      isEnabled={firstTabUntilId}
      stepLabel={journalStepLabel}
    >
      {inEditor ? (
        <div className="pt-3">
          <WizardTabs
            tabs={EDITOR_TABS}
            isEnabled={editorTabEnabled}
            label={COMMON_TEXT.editorSections}
            variant="pills"
          />
        </div>
      ) : null}
    </WizardFrame>
  );
}
