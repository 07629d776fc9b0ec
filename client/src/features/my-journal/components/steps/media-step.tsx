import { useEffect, useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { JOURNAL_TEXT, type JournalProfile } from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { setBodyBackground } from '@contracts/site/stylesheet';
import { QueryContent } from '@/components/common/query-content';
import { MediaSlots, type MediaSlotKey } from '@/components/site-builder/media-slots';
import { paths, withId } from '@/config/paths';
import { imageLink, useUploadImageMutation } from '@/lib/api/images-api';
import { useStoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { FormUnsavedChanges, formIsUnsaved } from '@/lib/forms/unsaved-changes';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { useUpdateJournalProfileMutation } from '../../api/journal-api';
import { useWizardProfile } from '../../hooks/use-wizard-profile';
import { JOURNAL_IMAGE_FIELDS } from '../../lib/config-file';
import { SAVE_AND_CONTINUE } from '../../lib/journal-texts';
import { showSaveFailure } from '../../lib/save-failures';
import { BusyButton } from '@/components/common/busy-button';

const TITLE = 'MyJournal Media Files';

type ImageField = 'headerImg' | 'logo' | 'favIcon' | 'backgroundImg';
type MediaValues = Partial<Record<ImageField, string>>;

/** The profile's image fields, by slot (01 §3). Their values are image ids (01 §7.3). */
const FIELDS: Readonly<Record<MediaSlotKey, ImageField>> = JOURNAL_IMAGE_FIELDS;

const REMOVED: Readonly<Record<MediaSlotKey, string>> = {
  headerLogo: JOURNAL_TEXT.headerImgRemoved,
  logo: JOURNAL_TEXT.logoRemoved,
  favicon: JOURNAL_TEXT.favIconRemoved,
  background: JOURNAL_TEXT.backgroundImgRemoved,
};

/** Step 4, "MyJournal Media Files" (01 §2.8, §4.3, §5.1). */
export function MediaStep() {
  const { id, data: profile, isLoading, isFetching, error } = useWizardProfile();
  const state = useStoreShape({ data: profile, isLoading, isFetching, error });
  if (id === null) return <Navigate to={paths.mj.wizard.setup.path} replace />;
  return (
    <div>
      <h3 className="h5 mb-3">{TITLE}</h3>
      <QueryContent state={{ loading: profile === undefined && state.loading, error: state.error }}>
        {profile ? <MediaForm key={profile.profileId} profile={profile} /> : null}
      </QueryContent>
    </div>
  );
}

function MediaForm({ profile }: { profile: JournalProfile }) {
  const navigate = useNavigate();
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const [uploadImage] = useUploadImageMutation();
  const [updateProfile] = useUpdateJournalProfileMutation();
  // Loaded once: a refetch after a removal must not reset images uploaded but not saved yet.
  const [initialValues] = useState<MediaValues>(() => ({
    headerImg: profile.headerImg ?? undefined,
    logo: profile.logo ?? undefined,
    favIcon: profile.favIcon ?? undefined,
    backgroundImg: profile.backgroundImg ?? undefined,
  }));
  // The newest stored profile: a second removal right after a first must not undo it.
  const latest = useRef(profile);
  useEffect(() => {
    latest.current = profile;
  }, [profile]);

  const save = async (next: JournalProfile): Promise<void> => {
    latest.current = await updateProfile(next).unwrap();
  };

  async function upload(_slot: MediaSlotKey, file: File): Promise<string> {
    try {
      const { id } = await uploadImage(file).unwrap();
      return id;
    } catch (error) {
      // The slot keeps the file ready for another try once the dialog is read.
      void showSaveFailure(error);
      throw error;
    }
  }

  // Removals running. Each saves the profile; until its answer is in, the profile the screen
  // holds (`latest`) and the removed slot's value are as before it, and the profile's ETag is the
  // one it went with: a save made meanwhile (Save & Continue, another slot's Remove) would send
  // the image back and be refused as stale, since the removal changed the profile. So Save &
  // Continue and the slots are unavailable until the removals are answered.
  const [removals, setRemovals] = useState(0);

  /** Removing an image clears the field and saves the profile at once (01 §4.3). */
  async function remove(slot: MediaSlotKey): Promise<void> {
    setRemovals((running) => running + 1);
    try {
      await save({ ...latest.current, [FIELDS[slot]]: null });
    } catch (error) {
      void showSaveFailure(error);
      throw error;
    } finally {
      setRemovals((running) => running - 1);
    }
    void dialogs.success(DIALOG_TEXT.successTitle, textToHtml(REMOVED[slot]));
  }

  /**
   * Saves the images and the page background (01 §4.3): with a background image the body gets
   * it as cover, top centre, no repeat; without one the body's image is cleared.
   * Decision: the save confirms with "Update profile successfully" (01 §8) like the appearance
   * editor, so every save of the wizard confirms; the spec names no text for this one.
   */
  async function onSubmit(values: MediaValues): Promise<void> {
    const background = values.backgroundImg ?? null;
    const current = latest.current;
    try {
      await save({
        ...current,
        headerImg: values.headerImg ?? null,
        logo: values.logo ?? null,
        favIcon: values.favIcon ?? null,
        backgroundImg: background,
        cssOverride: setBodyBackground(
          current.cssOverride,
          background ? imageLink(urlBase, background) : null,
        ),
      });
    } catch (error) {
      await showSaveFailure(error);
      return;
    }
    await dialogs.success(DIALOG_TEXT.successTitle, textToHtml(JOURNAL_TEXT.updateProfile));
    await navigate(withId(paths.mj.wizard.editor.font, current.profileId));
  }

  return (
    <Form<MediaValues> onSubmit={onSubmit} initialValues={initialValues}>
      {({ handleSubmit, submitting }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate>
          {/*
           * A removal is saved at once: changed are images that differ from the stored profile.
           * While the save runs, what it sent does not count; an upload that lands meanwhile
           * (started before the save) was not sent, and does (formIsUnsaved).
           */}
          <FormUnsavedChanges<MediaValues>
            isUnsaved={({ values, submitting, dirtySinceLastSubmit }) =>
              formIsUnsaved({
                dirty: Object.values(FIELDS).some(
                  (field) => (values[field] ?? null) !== (latest.current[field] ?? null),
                ),
                submitting,
                dirtySinceLastSubmit,
              })
            }
          />
          <MediaSlots
            fieldNames={FIELDS}
            onUpload={upload}
            onRemove={remove}
            resolveSrc={(id) => imageLink(urlBase, id)}
            disabled={submitting || removals > 0}
          />
          <BusyButton type="submit" variant="primary" busy={submitting} disabled={removals > 0}>
            {SAVE_AND_CONTINUE}
          </BusyButton>
        </form>
      )}
    </Form>
  );
}
