import { screen, within } from '@testing-library/react';
import { IMAGE_SLOT_CAPTION } from '@/components/form/ImageSlotField';

/** The Upload button of an image slot, whatever its caption (the slot's caption, 01 §2.8). */
export const UPLOAD_BUTTON_NAME = new RegExp(
  `^(${IMAGE_SLOT_CAPTION.empty}|${IMAGE_SLOT_CAPTION.uploading}|${IMAGE_SLOT_CAPTION.uploaded}|.+ is ready to be uploaded)$`,
);

/** An image slot of a Media Files step, by its legend. */
export const imageSlot = (name: string) => screen.getByRole('group', { name });
/** A button of an image slot (Browse, the Upload button, Remove). */
export const imageSlotButton = (name: string, button: string | RegExp) =>
  within(imageSlot(name)).getByRole('button', { name: button });
/** A PNG of `bytes` bytes. */
export const png = (name: string, bytes: number) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });
