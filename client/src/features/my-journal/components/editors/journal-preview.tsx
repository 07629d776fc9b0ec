import { lazySitePreview } from '@/components/site-builder/site-preview';

/** The live preview beside the journal's appearance and CSS editors, on demand. */
export const JournalPreview = lazySitePreview(
  () => import(/* webpackChunkName: "journal-site-preview" */ './journal-site-preview'),
);
