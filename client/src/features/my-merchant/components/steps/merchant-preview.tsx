import { lazySitePreview } from '@/components/site-builder/site-preview';

/** The live preview beside the merchant's Edit Fonts and Edit CSS, on demand. */
export const MerchantPreview = lazySitePreview(
  () => import(/* webpackChunkName: "merchant-site-preview" */ './merchant-site-preview'),
);
