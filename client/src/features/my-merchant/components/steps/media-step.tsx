import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router-dom';
import {
  MERCHANT_LIMITS,
  MERCHANT_MEDIA_FIELD,
  MERCHANT_MEDIA_LABEL,
  MERCHANT_TEXT,
  type MerchantProfile,
} from '@contracts/api/merchant';
import { MediaSlots, type MediaSlotKey } from '@/components/site-builder/media-slots';
import { SAVE_AND_CONTINUE } from '@/components/wizard/profile-step';
import { paths, withId } from '@/config/paths';
import { isSessionExpiry, toApiFailure } from '@/lib/api/errors';
import { showSaveFailure } from '@/lib/api/save-failures';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import {
  merchantApi,
  useUpdateMerchantProfileMutation,
  useUploadMerchantMediaMutation,
} from '../../api/merchant-api';
import { MerchantProfileStep } from '../merchant-profile-step';

/** Screen texts: the heading is ours; the help text is 02 §2's. */
export const MEDIA_TEXT = {
  title: 'MyMerchant Media Files',
  help: 'Maximum 300 KB for header logo, logo and favicon, 1.5 MB for background.',
  saveAndContinue: SAVE_AND_CONTINUE,
} as const;

type MediaValues = Partial<Record<(typeof MERCHANT_MEDIA_FIELD)[MediaSlotKey], string>>;

/** '<Slot> image removed successfully' (02 §8). */
const REMOVED: Readonly<Record<MediaSlotKey, string>> = {
  headerLogo: MERCHANT_TEXT.headerLogoRemoved,
  logo: MERCHANT_TEXT.logoRemoved,
  favicon: MERCHANT_TEXT.faviconRemoved,
  background: MERCHANT_TEXT.backgroundRemoved,
};

/** A stored path (`/images/{id}.png`) is a link on the URL base. */
const linkOn = (urlBase: string, path: string) =>
  /^[a-z]+:/i.test(path) ? path : `${urlBase.replace(/\/+$/, '')}${path}`;

/** Step 4, Media Files (02 §2, §5, §7, §8). */
export function MediaStep() {
  return <MerchantProfileStep title={MEDIA_TEXT.title} form={MediaForm} />;
}

function MediaForm({ profile }: { profile: MerchantProfile }) {
  const navigate = useNavigate();
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const [uploadMedia] = useUploadMerchantMediaMutation();
  const [updateProfile] = useUpdateMerchantProfileMutation();
  const dispatch = useAppDispatch();
  // Loaded once: the refetch after an upload or a removal must not reset the other slots.
  const [initialValues] = useState<MediaValues>(() =>
    Object.fromEntries(
      Object.values(MERCHANT_MEDIA_FIELD).map((field) => [field, profile[field] ?? undefined]),
    ),
  );

  /**
   * The upload stores the image and sets the slot's path on the server (02 §7); the field keeps
   * that path. A failure says 'Something went wrong, please try again' (02 §8); an oversize
   * file the server refused (413) says 'File size is too large', as the check before upload does.
   */
  async function upload(slot: MediaSlotKey, file: File): Promise<string> {
    try {
      const answer = await uploadMedia({ profileId: profile.id, filename: slot, file }).unwrap();
      void dialogs.success(
        MERCHANT_TEXT.successTitle,
        textToHtml(MERCHANT_TEXT.fileUploaded(MERCHANT_MEDIA_LABEL[slot])),
      );
      return answer.path;
    } catch (error) {
      if (!isSessionExpiry(error)) {
        const tooLarge = toApiFailure(error).status === 413;
        void dialogs.error(
          MERCHANT_TEXT.errorTitle,
          textToHtml(tooLarge ? MERCHANT_TEXT.fileTooLarge : MERCHANT_TEXT.uploadFailed),
        );
      }
      throw error;
    }
  }

  /**
   * Removal clears the slot's path field (PUT, 02 §4) and confirms it (02 §8). The profile sent
   * is read afresh first, with its ETag: every upload and removal here is stored as it is made,
   * so the stored profile is what the screen shows, and an upload's answer carries no ETag (a
   * removal right after one would otherwise go with the tag from before it and be refused).
   */
  async function remove(slot: MediaSlotKey): Promise<void> {
    try {
      const current = await dispatch(
        merchantApi.endpoints.merchantProfile.initiate(profile.id, {
          subscribe: false,
          forceRefetch: true,
        }),
      ).unwrap();
      await updateProfile({ ...current, [MERCHANT_MEDIA_FIELD[slot]]: null }).unwrap();
    } catch (error) {
      void showSaveFailure(error);
      throw error;
    }
    void dialogs.success(MERCHANT_TEXT.successTitle, textToHtml(REMOVED[slot]));
  }

  /**
   * Every upload and removal is stored as it is made, so Save & Continue only moves on to the
   * site editor (02 §2: "Save & Continue moves on"): a button, not a submit, as there is nothing
   * to send.
   */
  const next = () => void navigate(withId(paths.mm.wizard.editor, profile.id));

  return (
    <Form<MediaValues> onSubmit={next} initialValues={initialValues}>
      {() => (
        <form onSubmit={(event) => event.preventDefault()} noValidate>
          <p className="text-body-secondary">{MEDIA_TEXT.help}</p>
          <MediaSlots
            fieldNames={MERCHANT_MEDIA_FIELD}
            limits={MERCHANT_LIMITS.image}
            onUpload={upload}
            onRemove={remove}
            resolveSrc={(path) => linkOn(urlBase, path)}
          />
          <Button type="button" variant="primary" onClick={next}>
            {SAVE_AND_CONTINUE}
          </Button>
        </form>
      )}
    </Form>
  );
}
