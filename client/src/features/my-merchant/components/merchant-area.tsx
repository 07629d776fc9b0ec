import { siteBuilderTabs } from '@/components/wizard/site-builder-tabs';
import { WizardFrame, firstTabUntilId } from '@/components/wizard/wizard-frame';
import { paths } from '@/config/paths';
import { COMMON_TEXT } from '@/config/texts';
import { WIZARD_TITLE } from '../lib/merchant-texts';

/**
 * The MyMerchant area (02 §2): the one lazily loaded module of the area. It holds the wizard
 * shell and re-exports each screen, so the router loads the whole area as one chunk. Each step's
 * screen is exported here by name and routed in app/router.tsx with `merchantStep`.
 */
export { MerchantDashboard } from './merchant-dashboard';
export { ClientSetupStep } from './steps/client-setup-step';
export { SiteSettingsStep } from './steps/site-settings-step';
export { SitePagesStep } from './steps/site-pages-step';
export { MediaStep } from './steps/media-step';
export { SiteEditorStep } from './steps/site-editor-step';
export { SummaryStep } from './steps/summary-step';

const wizard = paths.mm.wizard;

/** Six tabs in order (02 §2 "Wizard shell"); the site editor is a single screen. */
const TABS = siteBuilderTabs(wizard);

/** "step N of 6" (02 §2). */
const merchantStepLabel = (index: number, total: number) => COMMON_TEXT.stepOf(index + 1, total);

/** Only the first tab is enabled until the route has a profile id (02 §2). */
export function MerchantWizard() {
  return (
    <WizardFrame
      title={WIZARD_TITLE}
      tabs={TABS}
      isEnabled={firstTabUntilId}
      stepLabel={merchantStepLabel}
    />
  );
}
