import { useLocation } from 'react-router-dom';
import {
  WizardFrame,
  WizardTabs,
  firstTabUntilId,
  type WizardTab,
} from '@/components/wizard/wizard-frame';
import { siteBuilderTabs } from '@/components/wizard/site-builder-tabs';
import { paths } from '@/config/paths';
import { COMMON_TEXT } from '@/config/texts';

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
