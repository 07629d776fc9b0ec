/**
 * The four image slots of both site builders' Media Files step (01 §2.8, §4.3, §5.1; 02 §2 Step 4,
 * §5): header logo, site logo, favicon and background, in that order, each an ImageSlotField
 * with its size limit and help tip. Each builder gives its own field names, how a file is
 * stored and what Remove does; a refused file shows "Error" with the reason here, for both.
 */
import { IMAGE_LIMITS } from '@contracts/api/constants';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { ImageSlotField } from '@/components/form/ImageSlotField';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';

export type MediaSlotKey = 'headerLogo' | 'logo' | 'favicon' | 'background';

export interface MediaSlotDefinition {
  key: MediaSlotKey;
  label: string;
  maxBytes: number;
}

/** The slots in the order the spec lists them (01 §2.8). */
export const MEDIA_SLOTS: readonly MediaSlotDefinition[] = [
  { key: 'headerLogo', label: 'Header logo image', maxBytes: IMAGE_LIMITS.small },
  { key: 'logo', label: 'Site logo image', maxBytes: IMAGE_LIMITS.small },
  { key: 'favicon', label: 'Favicon image', maxBytes: IMAGE_LIMITS.small },
  { key: 'background', label: 'Background image', maxBytes: IMAGE_LIMITS.large },
];

/** "Max 300 KB", "Max 1.5 MB": the help tips (01 §2.8), from the limits themselves. */
export function maxSizeTip(bytes: number): string {
  const size =
    bytes >= 1024 * 1024
      ? `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
      : `${Math.round(bytes / 1024)} KB`;
  return `Max ${size}`;
}

export interface MediaSlotsProps {
  /** The form field of each slot (the profile's own field names). */
  fieldNames: Readonly<Record<MediaSlotKey, string>>;
  /** Stores the file; resolves to the value the field keeps (rejects after reporting). */
  onUpload(slot: MediaSlotKey, file: File): Promise<string>;
  /** Called before a slot is cleared (e.g. to save at once); a rejection keeps the image. */
  onRemove?(slot: MediaSlotKey): Promise<void>;
  /** Preview address of a stored value. */
  resolveSrc(value: string): string;
  /** Largest file of each slot in bytes, instead of MEDIA_SLOTS' (the merchant's, 02 §9). */
  limits?: Readonly<Record<MediaSlotKey, number>>;
  disabled?: boolean;
}

export function MediaSlots({
  fieldNames,
  onUpload,
  onRemove,
  resolveSrc,
  limits,
  disabled,
}: MediaSlotsProps) {
  return (
    <div className="row">
      {MEDIA_SLOTS.map((slot) => {
        const maxBytes = limits?.[slot.key] ?? slot.maxBytes;
        return (
          <div className="col-lg-6" key={slot.key}>
            <ImageSlotField
              name={fieldNames[slot.key]}
              label={slot.label}
              maxBytes={maxBytes}
              help={maxSizeTip(maxBytes)}
              disabled={disabled}
              resolveSrc={resolveSrc}
              onUpload={(file) => onUpload(slot.key, file)}
              onRemove={onRemove ? () => onRemove(slot.key) : undefined}
              onError={(message) => void dialogs.error(DIALOG_TEXT.errorTitle, textToHtml(message))}
              className="mb-4"
            />
          </div>
        );
      })}
    </div>
  );
}
