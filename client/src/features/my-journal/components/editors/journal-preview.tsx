import { Suspense, lazy } from 'react';
import { LoadingIndicator } from '@/components/common/loading-indicator';
import type { JournalSitePreviewProps } from './journal-site-preview';

/** On demand: the site's layout code and DOMPurify come with the editors' preview only. */
const JournalSitePreview = lazy(
  () => import(/* webpackChunkName: "journal-site-preview" */ './journal-site-preview'),
);

/** The live preview beside the journal's appearance and CSS editors (issue 11). */
export function JournalPreview(props: JournalSitePreviewProps) {
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <JournalSitePreview {...props} />
    </Suspense>
  );
}
