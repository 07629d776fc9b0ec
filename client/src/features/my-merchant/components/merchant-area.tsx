import { useState } from 'react';
import { QueryContent } from '@/components/common/query-content';
import { SearchBox } from '@/components/common/search-box';
import { ProgramList } from '@/components/programs/program-list';
import { siteBuilderTabs } from '@/components/wizard/site-builder-tabs';
import { WizardFrame, firstTabUntilId } from '@/components/wizard/wizard-frame';
import { paths } from '@/config/paths';
import { COMMON_TEXT } from '@/config/texts';
import { useProgramsQuery } from '@/lib/api/lookups-api';
import { useStoreShape } from '@/lib/api/store-shape';
import { filterProgramsByName } from '@/lib/programs';

/** The MyMerchant area (02 §2): one lazily loaded module for its dashboard and wizard. */

const TEXT = {
  dashboardTitle: 'Select a MyMerchant Website',
  wizardTitle: 'MyMerchant Website',
  programs: 'Programs',
} as const;

const wizard = paths.mm.wizard;

/** Six tabs in order (02 §2 "Wizard shell"); the site editor is a single screen. */
const TABS = siteBuilderTabs(wizard);

const merchantStepLabel = (index: number, total: number) => COMMON_TEXT.stepOf(index + 1, total);

export function MerchantDashboard() {
  const [search, setSearch] = useState('');
  const programs = useStoreShape(useProgramsQuery());
  const shown = filterProgramsByName(programs.data ?? [], search);

  return (
    <section aria-labelledby="mm-dashboard-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <h1 id="mm-dashboard-title" className="h3 mb-0">
          {TEXT.dashboardTitle}
        </h1>
        <SearchBox value={search} onChange={setSearch} />
      </div>
      <QueryContent state={programs}>
        <ProgramList programs={shown} filtered={search.trim() !== ''} label={TEXT.programs} />
      </QueryContent>
    </section>
  );
}

export function MerchantWizard() {
  return (
    <WizardFrame
      title={TEXT.wizardTitle}
      tabs={TABS}
      isEnabled={firstTabUntilId}
      stepLabel={merchantStepLabel}
    />
  );
}
