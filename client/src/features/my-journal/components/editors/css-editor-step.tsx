import { useNavigate } from 'react-router-dom';
import { JOURNAL_LIMITS, JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { CssEditorForm } from '@/components/site-builder/css-editor-form';
import { paths } from '@/config/paths';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { useUpdateJournalProfileMutation } from '../../api/journal-api';
import { useEditorFlow } from '../../hooks/use-editor-flow';
import { SAVE_AND_CONTINUE } from '../../lib/journal-texts';
import { showSaveFailure } from '../../lib/save-failures';
import { EditorScreen } from './editor-screen';
import { JournalPreview } from './journal-preview';

const HERE = paths.mj.wizard.editor.css.path;

/** Edit CSS (01 §2.9): the whole CSS override as text; after it, the summary. */
export function CssEditorStep() {
  return (
    <EditorScreen title="Edit CSS">
      {(profile) => <CssEditor key={profile.profileId} profile={profile} />}
    </EditorScreen>
  );
}

function CssEditor({ profile }: { profile: JournalProfile }) {
  const navigate = useNavigate();
  const { nextAfter } = useEditorFlow();
  const [updateProfile] = useUpdateJournalProfileMutation();

  async function save(css: string): Promise<void> {
    try {
      await updateProfile({ ...profile, cssOverride: css === '' ? null : css }).unwrap();
    } catch (error) {
      await showSaveFailure(error);
      return;
    }
    await dialogs.success(DIALOG_TEXT.successTitle, textToHtml(JOURNAL_TEXT.cssUpdated));
    await navigate(nextAfter(HERE));
  }

  return (
    <CssEditorForm
      initialCss={profile.cssOverride}
      maxChars={JOURNAL_LIMITS.cssOverride}
      submitLabel={SAVE_AND_CONTINUE}
      onSubmit={save}
      preview={(css) => <JournalPreview profile={profile} css={css} />}
    />
  );
}
