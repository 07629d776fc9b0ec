/**
 * The journal's live preview: the first page of the site the profile would publish,
 * drawn by the journal site's own layout code with the stylesheet being edited. Loaded on
 * demand by the appearance and CSS editors (its own chunk: the site's layout and DOMPurify stay
 * out of the dashboard's).
 */
import { useCallback } from 'react';
import type { JournalProfile } from '@contracts/api/journal';
import { readAppearance } from '@contracts/site/stylesheet';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import { SitePreview } from '@/components/site-builder/site-preview';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import { journalPreviewPage } from '@/sites/journal/site-preview';
import { useJournalPageTypesQuery, useJournalPagesQuery } from '../../api/journal-api';
import { previewSiteOf } from '../../lib/preview-site';

export interface JournalSitePreviewProps {
  profile: JournalProfile;
  /** The stylesheet as edited; empty means none, and the site then uses its theme's default. */
  css: string;
}

export default function JournalSitePreview({ profile, css }: JournalSitePreviewProps) {
  const { data: pages } = useJournalPagesQuery(profile.profileId);
  const { data: pageTypes } = useJournalPageTypesQuery();
  const { urlBase } = useAppSelector(selectRuntimeConfig);
  const render = useCallback(
    () => journalPreviewPage(previewSiteOf(profile, pages ?? [], pageTypes ?? [], urlBase)),
    [profile, pages, pageTypes, urlBase],
  );
  const { themeId } = profile;
  const appearanceOf = useCallback((text: string) => readAppearance(text, themeId), [themeId]);
  // As the site's stylesheet route answers (server/sites/published-site.ts stylesheetOf).
  const stylesheet = css === '' ? defaultJournalStylesheet(themeId) : css;
  return <SitePreview css={stylesheet} render={render} appearanceOf={appearanceOf} />;
}
