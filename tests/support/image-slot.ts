import { IMAGE_SLOT_CAPTION } from '@/components/form/ImageSlotField';

/** The Upload button of an image slot, whatever its caption (the slot's caption, 01 §2.8). */
export const UPLOAD_BUTTON_NAME = new RegExp(
  `^(${IMAGE_SLOT_CAPTION.empty}|${IMAGE_SLOT_CAPTION.uploading}|${IMAGE_SLOT_CAPTION.uploaded}|.+ is ready to be uploaded)$`,
);
