import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import type { AppearanceSettings } from '@contracts/site/style-model';
import { applyAppearance, readAppearance } from '@contracts/site/stylesheet';
import { ALL_PAGE_PARTS, AppearanceForm } from '@/components/site-builder/appearance-form';
import { paths } from '@/config/paths';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { useUpdateJournalProfileMutation } from '../../api/journal-api';
import { useEditorFlow } from '../../hooks/use-editor-flow';
import { SAVE_AND_CONTINUE } from '../../lib/journal-texts';
import { showSaveFailure } from '../../lib/save-failures';
import { EditorScreen } from './editor-screen';
import { JournalPreview } from './journal-preview';

const HERE = paths.mj.wizard.editor.font.path;

/** The Appearance editor (01 §2.9, §3): the profile's stylesheet through the shared form. */
export function AppearanceEditorStep() {
  return (
    <EditorScreen title="Appearance">
      {(profile) => <AppearanceEditor key={profile.profileId} profile={profile} />}
    </EditorScreen>
  );
}

function AppearanceEditor({ profile }: { profile: JournalProfile }) {
  const navigate = useNavigate();
  const { nextAfter } = useEditorFlow();
  const [updateProfile] = useUpdateJournalProfileMutation();
  // What the stylesheet says, the theme's defaults where it says nothing (read once on open).
  const [initial] = useState(() => readAppearance(profile.cssOverride, profile.themeId));

  /**
   * Writes the settings into the stored stylesheet, keeping its other rules, then goes to the
   * next editor (Login, 01 §2.9). Decision: the save confirms with "Update profile successfully"
   * (01 §8), the profile-save text no other step uses.
   */
  async function save(settings: AppearanceSettings): Promise<void> {
    try {
      await updateProfile({
        ...profile,
        cssOverride: applyAppearance(profile.cssOverride, settings, ALL_PAGE_PARTS),
      }).unwrap();
    } catch (error) {
      await showSaveFailure(error);
      return;
    }
    await dialogs.success(DIALOG_TEXT.successTitle, textToHtml(JOURNAL_TEXT.updateProfile));
    await navigate(nextAfter(HERE));
  }

  return (
    <AppearanceForm
      initial={initial}
      parts={ALL_PAGE_PARTS}
      submitLabel={SAVE_AND_CONTINUE}
      onSubmit={save}
      preview={(settings) => (
        <JournalPreview
          profile={profile}
          css={applyAppearance(profile.cssOverride, settings, ALL_PAGE_PARTS)}
        />
      )}
    />
  );
}
