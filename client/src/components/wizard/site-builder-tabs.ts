import type { WizardTab } from './wizard-frame';

/** The step paths both site builders have (01 §2.2, 02 §2). */
interface SiteBuilderPaths {
  setup: { path: string };
  setting: { path: string };
  page: { path: string };
  media: { path: string };
  editor: { path: string };
  summary: { path: string };
}

/**
 * The six wizard tabs of both site builders, in order (01 §2.4, 02 §2 "Wizard shell"). Each builder
 * gives its own paths, and where its Site Editor tab leads: the journal opens its Appearance
 * sub-editor, the merchant a single editor screen.
 */
export function siteBuilderTabs(
  wizard: SiteBuilderPaths,
  editorTarget: string = wizard.editor.path,
): readonly WizardTab[] {
  return [
    { label: 'Client Setup', to: wizard.setup.path },
    { label: 'Site Setting', to: wizard.setting.path },
    { label: 'Site Pages', to: wizard.page.path },
    { label: 'Media Upload', to: wizard.media.path },
    { label: 'Site Editor', to: editorTarget, match: wizard.editor.path },
    { label: 'Summary', to: wizard.summary.path },
  ];
}
