import { useLocation } from 'react-router-dom';
import { WizardFrame, WizardTabs, firstTabUntilId } from '@/components/wizard/wizard-frame';
import { siteBuilderTabs } from '@/components/wizard/site-builder-tabs';
import { paths } from '@/config/paths';
import { COMMON_TEXT } from '@/config/texts';
import { EDITOR_TABS, useEditorFlow } from '../hooks/use-editor-flow';

/**
 * The MyJournal area (01 §2.2-2.4): the one lazily loaded module of the area. It holds the wizard
 * shell and re-exports each screen, so the router loads the whole area as one chunk.
 */
export { JournalDashboard } from './journal-dashboard';
export { ClientSetupStep } from './steps/client-setup-step';
export { SiteSettingsStep } from './steps/site-settings-step';
export { SitePagesStep } from './steps/site-pages-step';
export { MediaStep } from './steps/media-step';
export { SummaryStep } from './steps/summary-step';
export { AppearanceEditorStep } from './editors/appearance-editor-step';
export {
  LoginEditorStep,
  LocationEditorStep,
  TermsEditorStep,
  FaqEditorStep,
  PolicyEditorStep,
} from './editors/page-editor-steps';
export { CssEditorStep } from './editors/css-editor-step';

/** The wizard's heading (not in the spec). */
const WIZARD_TITLE = 'MyJournal Website';

const wizard = paths.mj.wizard;

/** Six tabs in order (01 §2.4); Site Editor opens the Appearance editor. */
const TABS = siteBuilderTabs(wizard, wizard.editor.font.path);

/** "step N of 6"; the editor screens read "step 4 of 6" like the media step (01 §2.4). */
const journalStepLabel = (index: number, total: number) =>
  COMMON_TEXT.stepOf(index === 4 ? 4 : index + 1, total);

export function JournalWizard() {
  const { pathname } = useLocation();
  const inEditor = pathname.startsWith(wizard.editor.path);
  // The editor sub-tabs (EDITOR_TABS, 01 §2.4): the page tabs follow the profile's pages. The
  // route decides the active tab, so a refresh re-selects it.
  const { isEnabled: editorTabEnabled } = useEditorFlow({ skip: !inEditor });
  return (
    <WizardFrame
      title={WIZARD_TITLE}
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
