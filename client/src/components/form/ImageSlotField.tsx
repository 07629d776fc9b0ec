/**
 * An image slot (01 §2.8, §5.1; 03 §5 images): Browse, Upload and Remove, a placeholder icon
 * while empty and a preview once set. The field value is the uploaded image's id or URL.
 *
 * The Upload button's caption follows the slot ("the button caption cycles", 01 §2.8): "Upload an Image" (empty) → "{file} is ready to be uploaded"
 * (a file chosen) → "Uploading" → "Uploaded" (a value is set, also when loaded from the server),
 * and "Upload an Image" again after Remove. A failed upload goes back to "ready" for a retry,
 * except a file the server refuses as such (413, 415), which is let go ("Upload an Image" or
 * "Uploaded" again, as before it was chosen); the caller's `onUpload` reports the failure. Files over `maxBytes` or not of an image type are refused
 * through `onError`: the caller shows the dialog.
 */
import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { BusyButton } from '@/components/common/busy-button';
import { toApiFailure } from '@/lib/api/errors';
import { returnDialogFocusTo } from '@/lib/dialogs/dialog-service';
import { useUnsavedChanges } from '@/lib/forms/unsaved-changes';
import { FieldFeedback, FieldHelp, useFormField } from './FieldShell';
import type { BaseFieldProps } from './FieldShell';

/** Slot captions (01 §2.8). Not in contracts/api/messages.ts yet: move them there if others need them. */
export const IMAGE_SLOT_CAPTION = {
  empty: 'Upload an Image',
  ready: (fileName: string) => `${fileName} is ready to be uploaded`,
  uploading: 'Uploading',
  uploaded: 'Uploaded',
} as const;

/**
 * Why a file was refused. The spec gives the size text only ("File size is too large"); the
 * wording for a non-image file is ours.
 */
export const IMAGE_SLOT_ERROR = {
  size: DIALOG_TEXT.fileTooLarge,
  type: 'Only image files can be uploaded',
} as const;
export type ImageSlotErrorReason = keyof typeof IMAGE_SLOT_ERROR;

type ImageValue = string | null | undefined;

export interface ImageSlotFieldProps extends BaseFieldProps<ImageValue> {
  /** Largest accepted file in bytes: IMAGE_LIMITS.small or IMAGE_LIMITS.large. */
  maxBytes: number;
  /** Stores the file; resolves to the image id or URL that becomes the field value. */
  onUpload: (file: File) => Promise<string>;
  /** Called before the value is cleared (e.g. to save the profile); a rejection keeps the image. */
  onRemove?: () => Promise<void> | void;
  /** A refused file: show `message` in a dialog. */
  onError: (message: string, reason: ImageSlotErrorReason) => void;
  /** Preview address of a stored value (e.g. id → `/images/{id}.png`); default: the value itself. */
  resolveSrc?: (value: string) => string;
}

const identity = (value: string): string => value;

/** HTTP statuses of an upload refused for the file itself: 413 too large, 415 not an image. */
const REFUSED_FILE_STATUS: readonly number[] = [413, 415];

function isRefusedFile(error: unknown): boolean {
  return REFUSED_FILE_STATUS.includes(toApiFailure(error).status);
}

export function ImageSlotField({
  name,
  label,
  validate,
  help,
  disabled,
  id: idProp,
  className,
  maxBytes,
  onUpload,
  onRemove,
  onError,
  resolveSrc = identity,
}: ImageSlotFieldProps) {
  const { input, id, error, aria } = useFormField<ImageValue>(name, { validate, id: idProp, help });
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);
  // A chosen file not uploaded yet is lost when the step is left: the wizard asks first.
  useUnsavedChanges(file !== null);
  const fileInput = useRef<HTMLInputElement>(null);
  const slot = useRef<HTMLFieldSetElement>(null);
  const browseButton = useRef<HTMLButtonElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  // While an upload or removal runs, the button pressed keeps the focus (BusyButton: the dialog
  // of a refused upload gives it back there) and the others are disabled. Once done, the button
  // pressed may be disabled (nothing left to upload or remove), which drops the focus to the
  // page: it goes to the button that comes next (Remove after an upload, Browse after a removal
  // or a refused file), unless the user has put it somewhere else. When the action opened a
  // dialog (a success or an error), that button is where the dialog gives the focus back.
  const focusNext = useRef<'browse' | 'upload' | 'remove' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    if (next === null || busy !== null) return;
    focusNext.current = null;
    const button = { browse: browseButton, upload: uploadButton, remove: removeButton }[next];
    if (!button.current || !slot.current) return;
    if (returnDialogFocusTo(button.current, slot.current)) return;
    const current = document.activeElement;
    const lost = current === null || current === document.body;
    if (!lost && !slot.current.contains(current)) return;
    button.current.focus();
  });
  const value = input.value || undefined;
  const labelId = `${id}-label`;
  const captionId = `${id}-caption`;

  const caption =
    busy === 'uploading'
      ? IMAGE_SLOT_CAPTION.uploading
      : file
        ? IMAGE_SLOT_CAPTION.ready(file.name)
        : value
          ? IMAGE_SLOT_CAPTION.uploaded
          : IMAGE_SLOT_CAPTION.empty;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again fires change again
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      onError(IMAGE_SLOT_ERROR.type, 'type');
      return;
    }
    if (chosen.size > maxBytes) {
      onError(IMAGE_SLOT_ERROR.size, 'size');
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    setBusy('uploading');
    try {
      const stored = await onUpload(file);
      input.onChange(stored);
      setFile(null);
      focusNext.current = 'remove';
    } catch (error) {
      // The caller's onUpload reports the failure. A file the server refuses as such (too large,
      // not an image it takes) would be refused again: the slot lets it go. Otherwise the chosen
      // file stays ready for a retry.
      if (isRefusedFile(error)) {
        setFile(null);
        focusNext.current = 'browse';
      } else {
        focusNext.current = 'upload';
      }
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    focusNext.current = 'browse';
    setBusy('removing');
    try {
      await onRemove?.();
      input.onChange(undefined);
      setFile(null);
    } catch {
      // Kept: the caller's onRemove reports the failure.
      focusNext.current = 'remove';
    } finally {
      setBusy(null);
    }
  };

  return (
    // The legend names both the slot (a group) and its file input (aria-labelledby).
    <fieldset ref={slot} className={className ?? 'mb-3'}>
      <Form.Label as="legend" id={labelId} className="fs-6">
        {label}
      </Form.Label>
      <div className="d-flex align-items-center gap-3">
        <div
          className="border rounded d-flex align-items-center justify-content-center bg-body-tertiary overflow-hidden"
          style={{ width: '6rem', height: '6rem' }}
        >
          {value ? (
            <img src={resolveSrc(value)} alt={`${label} preview`} className="mw-100 mh-100" />
          ) : (
            <svg
              role="img"
              aria-label="No image"
              width="48"
              height="48"
              viewBox="0 0 16 16"
              fill="currentColor"
              className="text-secondary"
            >
              <path d="M6.002 5.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0" />
              <path d="M2.002 1a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V3a2 2 0 0 0-2-2zm12 1a1 1 0 0 1 1 1v6.5l-3.777-1.947a.5.5 0 0 0-.577.093l-3.71 3.71-2.66-1.772a.5.5 0 0 0-.63.062L1.002 12V3a1 1 0 0 1 1-1z" />
            </svg>
          )}
        </div>
        <div>
          {/* The Upload button's caption changes as the slot does: announced here as it changes. */}
          <p id={captionId} role="status" className="visually-hidden">
            {caption}
          </p>
          {/* Hidden behind the Browse button, out of the tab order; the legend still names it. */}
          <input
            {...aria}
            ref={fileInput}
            id={id}
            aria-labelledby={labelId}
            name={input.name}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            disabled={disabled || busy !== null}
            onChange={onChoose}
          />
          <div className="d-flex gap-2">
            <Button
              ref={browseButton}
              variant="outline-secondary"
              size="sm"
              disabled={disabled || busy !== null}
              onClick={() => fileInput.current?.click()}
            >
              Browse
            </Button>
            <BusyButton
              ref={uploadButton}
              variant="primary"
              size="sm"
              passFocusOn={false}
              busy={busy === 'uploading'}
              disabled={disabled || !file || busy !== null}
              onClick={() => void upload()}
            >
              {caption}
            </BusyButton>
            <BusyButton
              ref={removeButton}
              variant="outline-danger"
              size="sm"
              passFocusOn={false}
              busy={busy === 'removing'}
              // Disabled while the slot is empty (01 §2.8), a chosen file not uploaded included.
              disabled={disabled || !value || busy !== null}
              onClick={() => void remove()}
            >
              Remove
            </BusyButton>
          </div>
          <FieldFeedback id={id} error={error} />
          <FieldHelp id={id} help={help} />
        </div>
      </div>
    </fieldset>
  );
}
