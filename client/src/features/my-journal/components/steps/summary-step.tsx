import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Program } from '@contracts/api/entities';
import {
  JOURNAL_PAGE_TYPE,
  JOURNAL_SITE_PATHS,
  JOURNAL_TEXT,
  type JournalPage,
  type JournalPageType,
  type JournalProfile,
} from '@contracts/api/journal';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { readAppearance } from '@contracts/site/stylesheet';
import {
  AppearanceSummary,
  SummaryHtml,
  SummaryImage,
  SummarySection,
  SitePagesSummary,
  SummaryStepContent,
  type SummaryEntry,
} from '@/components/site-builder/summary-section';
import { paths } from '@/config/paths';
import { imageLink } from '@/lib/api/images-api';
import { useProgramsQuery } from '@/lib/api/lookups-api';
import { useStoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { downloadJsonFile, jsonFileName } from '@/lib/sites/export-file';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import {
  useJournalPagesQuery,
  useJournalPageTypesQuery,
  useUpdateJournalProfileMutation,
} from '../../api/journal-api';
import { SUMMARY_PUBLISHED_TEXT, usePublishProfile } from '../../hooks/use-publish-profile';
import { useWizardProfile } from '../../hooks/use-wizard-profile';
import { toExportFile } from '../../lib/config-file';
import { SCHEME_TYPE, SETTINGS_LABEL, SETUP_LABEL, SUMMARY_LABEL } from '../../lib/journal-texts';
import { programNameOf } from '../../lib/profile-search';
import { showSaveFailure } from '../../lib/save-failures';
import { BusyButton } from '@/components/common/busy-button';

/** Step 6, the Summary (01 §2.10): the whole site read-only, then Publish, Save and Export. */
export function SummaryStep() {
  const profile = useWizardProfile();
  const id = profile.id ?? skipToken;
  const stores = {
    profile: useStoreShape(profile),
    programs: useStoreShape(useProgramsQuery()),
    pageTypes: useStoreShape(useJournalPageTypesQuery()),
    pages: useStoreShape(useJournalPagesQuery(id)),
  };
  return (
    <SummaryStepContent id={profile.id} setupPath={paths.mj.wizard.setup.path} stores={stores}>
      {(loaded) => <SiteSummary {...loaded} />}
    </SummaryStepContent>
  );
}

function SiteSummary({
  profile,
  programs,
  pageTypes,
  pages,
}: {
  profile: JournalProfile;
  programs: readonly Program[];
  pageTypes: readonly JournalPageType[];
  pages: readonly JournalPage[];
}) {
  const config = useAppSelector(selectRuntimeConfig);
  const { publish, environment } = usePublishProfile();
  const [updateProfile] = useUpdateJournalProfileMutation();
  const [busy, setBusy] = useState(false);
  const program = programs.find((p) => p.programId === profile.programId);
  const programName = programNameOf(programs, profile.programId);

  const typeName = (pageTypeId: number) =>
    pageTypes.find((t) => t.pageTypeId === pageTypeId)?.name ?? `Page ${pageTypeId}`;
  // Pages in the order of their types, as step 3 lists them.
  const typeOrder = (page: JournalPage) => {
    const index = pageTypes.findIndex((t) => t.pageTypeId === page.pageTypeId);
    return index < 0 ? pageTypes.length : index;
  };
  const enabledPages = pages
    .filter((page) => page.enabled === 1)
    .sort((a, b) => typeOrder(a) - typeOrder(b));
  const detailedPages = enabledPages.filter((page) => page.title?.trim() || page.content?.trim());

  const image = (id: string | null, alt: string) => (
    <SummaryImage src={id ? imageLink(config.urlBase, id) : null} alt={alt} />
  );

  const clientSetup: SummaryEntry[] = [
    { label: SETUP_LABEL.schemeName, value: programName },
    { label: SETUP_LABEL.schemeType, value: SCHEME_TYPE },
    { label: SETUP_LABEL.programId, value: String(profile.programId) },
    { label: SETUP_LABEL.publishTarget, value: profile.location === 1 ? 'Production' : 'Test' },
    // The environment's site host plus the site's address there (01 §2.10).
    {
      label: SETUP_LABEL.siteUrl,
      value: JOURNAL_SITE_PATHS.link(environment.siteHost, profile.siteUrl),
    },
  ];
  const siteSettings: SummaryEntry[] = [
    { label: SETTINGS_LABEL.title, value: profile.title },
    { label: SETTINGS_LABEL.keywords, value: profile.keywords },
    { label: SETTINGS_LABEL.description, value: profile.description },
    { label: SETTINGS_LABEL.googleAnalytics, value: profile.googleAnalytics },
    { label: SETTINGS_LABEL.clientWebsite, value: profile.clientWebsite },
  ];
  const media: SummaryEntry[] = [
    { label: SUMMARY_LABEL.logo, value: image(profile.logo, SUMMARY_LABEL.logo) },
    { label: SUMMARY_LABEL.headerImg, value: image(profile.headerImg, SUMMARY_LABEL.headerImg) },
    { label: SUMMARY_LABEL.favIcon, value: image(profile.favIcon, SUMMARY_LABEL.favIcon) },
    {
      label: SUMMARY_LABEL.backgroundImg,
      value: image(profile.backgroundImg, SUMMARY_LABEL.backgroundImg),
    },
  ];

  async function whileBusy(work: () => Promise<unknown>) {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  function onPublish() {
    if (!program) {
      void dialogs.error(DIALOG_TEXT.errorTitle, textToHtml(JOURNAL_TEXT.publishFailed));
      return;
    }
    void whileBusy(() => publish(profile, program, SUMMARY_PUBLISHED_TEXT));
  }

  /** Saves the profile as it is (01 §2.10). */
  function onSave() {
    void whileBusy(async () => {
      try {
        await updateProfile(profile).unwrap();
      } catch (error) {
        await showSaveFailure(error);
        return;
      }
      await dialogs.success(JOURNAL_TEXT.savedTitle, textToHtml(JOURNAL_TEXT.saved));
    });
  }

  /** `{program name}.json` holding the profile and its pages (01 §2.10). */
  function onExport() {
    downloadJsonFile(jsonFileName(programName), toExportFile(profile, pages));
  }

  return (
    <div>
      <SummarySection title={SUMMARY_LABEL.clientSetup} entries={clientSetup} />
      <SummarySection title={SUMMARY_LABEL.siteSettings} entries={siteSettings} />
      <SitePagesSummary names={enabledPages.map((page) => typeName(page.pageTypeId))} />
      <SummarySection title={SUMMARY_LABEL.media} entries={media} />
      <SummarySection title={SUMMARY_LABEL.appearance}>
        <AppearanceSummary
          settings={readAppearance(profile.cssOverride, profile.themeId)}
          caption={SUMMARY_LABEL.appearance}
        />
      </SummarySection>
      {detailedPages.map((page) => (
        <SummarySection
          key={page.pageId}
          title={typeName(page.pageTypeId)}
          entries={[
            { label: SUMMARY_LABEL.pageTitle, value: page.title },
            ...(page.pageTypeId === JOURNAL_PAGE_TYPE.LOCATIONS
              ? [{ label: SUMMARY_LABEL.navItem, value: page.navItem }]
              : []),
            { label: SUMMARY_LABEL.content, value: <SummaryHtml html={page.content} /> },
          ]}
        />
      ))}
      <div className="d-flex flex-wrap gap-2" role="group" aria-label={SUMMARY_LABEL.actions}>
        <BusyButton
          variant="success"
          onClick={onPublish}
          busy={busy}
          disabled={profile.isPublished === 1}
        >
          {SUMMARY_LABEL.publish}
        </BusyButton>
        <BusyButton variant="primary" onClick={onSave} busy={busy}>
          {SUMMARY_LABEL.save}
        </BusyButton>
        <Button variant="outline-secondary" onClick={onExport}>
          {SUMMARY_LABEL.export}
        </Button>
      </div>
    </div>
  );
}
