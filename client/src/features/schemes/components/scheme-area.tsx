import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { QueryContent } from '@/components/common/query-content';
import { SearchBox } from '@/components/common/search-box';
import { WizardFrame, type WizardTab } from '@/components/wizard/wizard-frame';
import { paths, stateNameOf, stateStartsWith, withId } from '@/config/paths';
import { COMMON_TEXT } from '@/config/texts';
import { useProgramsQuery } from '@/lib/api/lookups-api';
import { useStoreShape } from '@/lib/api/store-shape';
import { filterProgramsByName, isGiftProgram } from '@/lib/programs';
import './scheme-area.css';

/**
 * The gift and loyalty scheme areas (03 §2): one lazily loaded module for both dashboards and
 * wizards. Which one shows depends on whether the current state starts with main.gift.
 */

const TEXT = {
  giftDashboard: 'Select a Gift Scheme',
  loyaltyDashboard: 'Select a Loyalty Scheme',
  giftWizard: 'Gift Scheme',
  loyaltyWizard: 'Loyalty Scheme',
  giftSchemes: 'Gift schemes',
  loyaltySchemes: 'Loyalty schemes',
} as const;

function useIsGiftArea(): boolean {
  const { pathname } = useLocation();
  return stateStartsWith(stateNameOf(pathname), paths.gift.name);
}

const schemeTabs = (isGift: boolean): readonly WizardTab[] => {
  const w = isGift ? paths.gift.wizard : paths.loyalty.wizard;
  return [
    { label: 'Client Setup', to: w.setup.path },
    { label: 'General Settings', to: w.general.path },
    { label: 'Configuration', to: w.config.path },
    { label: 'Stores & Devices', to: w.upload.path },
    { label: 'Financial Settlement', to: w.financial.path },
    { label: 'Liability Reports', to: w.liability.path },
    ...(isGift ? [] : [{ label: 'Base Campaign', to: paths.loyalty.wizard.basecampaign.path }]),
    { label: 'Summary', to: w.summary.path },
  ];
};

/**
 * Only Client Setup without an id; with one, General Settings and Configuration too (03 §2).
 * The later tabs open once the scheme's configuration exists, which the steps load.
 */
const schemeTabEnabled = (index: number, id: string | null) =>
  index === 0 || (Boolean(id) && index <= 2);

/** Client Setup has no number; General Settings is "step 1 of 6" (gift) or "of 7" (loyalty). */
const schemeStepLabel = (index: number, total: number) =>
  index === 0 ? null : COMMON_TEXT.stepOf(index, total - 1);

export function SchemeDashboard() {
  const isGift = useIsGiftArea();
  const [search, setSearch] = useState('');
  const programs = useStoreShape(useProgramsQuery());
  const ofArea = (programs.data ?? []).filter((p) => isGiftProgram(p.programTypeId) === isGift);
  const shown = filterProgramsByName(ofArea, search);
  const setup = isGift ? paths.gift.wizard.setup : paths.loyalty.wizard.setup;
  const titleId = isGift ? 'gift-dashboard-title' : 'loyalty-dashboard-title';

  return (
    <section aria-labelledby={titleId}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <h1 id={titleId} className="h3 mb-0">
          {isGift ? TEXT.giftDashboard : TEXT.loyaltyDashboard}
        </h1>
        <SearchBox value={search} onChange={setSearch} />
      </div>
      <QueryContent state={programs}>
        {shown.length === 0 ? (
          <p className="text-body-secondary py-3">
            {search.trim() ? COMMON_TEXT.noMatches : COMMON_TEXT.noPrograms}
          </p>
        ) : (
          <ul
            className="scheme-tiles list-unstyled"
            aria-label={isGift ? TEXT.giftSchemes : TEXT.loyaltySchemes}
          >
            {shown.map((program) => (
              <li key={program.programId}>
                <Link className="scheme-tile card h-100" to={withId(setup, program.programId)}>
                  <span className="scheme-tile-badge" aria-hidden="true">
                    {(program.abbreviation || program.name).slice(0, 3).toUpperCase()}
                  </span>
                  <span className="card-body fw-semibold">{program.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </section>
  );
}

export function SchemeWizard() {
  const isGift = useIsGiftArea();
  return (
    <WizardFrame
      title={isGift ? TEXT.giftWizard : TEXT.loyaltyWizard}
      tabs={schemeTabs(isGift)}
      isEnabled={schemeTabEnabled}
      stepLabel={schemeStepLabel}
    />
  );
}
