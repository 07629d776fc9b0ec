import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { skipToken } from '@reduxjs/toolkit/query';
import {
  MERCHANT_MEDIA_FIELD,
  MERCHANT_MEDIA_LABEL,
  MERCHANT_MEDIA_SLOTS,
  MERCHANT_SITE_PATHS,
  MERCHANT_TEXT,
  type MerchantPageType,
  type MerchantProfile,
  type MerchantProgram,
  type SelectedPageSubType,
  type SelectedPageType,
} from '@contracts/api/merchant';
import { defaultMerchantAppearance } from '@contracts/site/style-model';
import { readAppearance } from '@contracts/site/stylesheet';
import { SITE_SETUP_LABEL } from '@/components/site-builder/setup-fields';
import {
  AppearanceSummary,
  SITE_SUMMARY_LABEL,
  SummaryHtml,
  SummaryImage,
  SummarySection,
  SitePagesSummary,
  SummaryStepContent,
  type SummaryEntry,
} from '@/components/site-builder/summary-section';
import { paths } from '@/config/paths';
import { useStoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { downloadJsonFile, jsonFileName } from '@/lib/sites/export-file';
import { siteHostOf } from '@/lib/sites/site-environment';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';
import {
  useMerchantPageTypesQuery,
  useMerchantProgramsQuery,
  useMerchantSelectedPagesQuery,
  useMerchantSelectedSubPagesQuery,
} from '../../api/merchant-api';
import { useMerchantProfile } from '../../hooks/use-merchant-profile';
import { SUMMARY_PUBLISHED_TEXT, useMerchantPublish } from '../../hooks/use-merchant-publish';
import { toMerchantExportFile } from '../../lib/import-config';
import { merchantImageLink, merchantProgramName } from '../../lib/merchant-profile';
import { BusyButton } from '@/components/common/busy-button';

/** The summary's rows that only the merchant has (02 §2 Step 6; link labels not in the spec). */
export const MERCHANT_SUMMARY_LABEL = {
  ...SITE_SUMMARY_LABEL,
  testSite: 'Test site',
  liveSite: 'Live site',
  siteTitle: 'Site Title',
  analytics: 'Google Analytics Tracking Code',
  navItem: 'Navigation Item Label',
  pageTitle: 'Title (H1)',
  subPages: 'Sub-pages',
} as const;

const LABEL = MERCHANT_SUMMARY_LABEL;

/**
 * Step 6, the Summary (02 §2): the site read-only (Client Setup with the test and live links,
 * Site Settings, Site Pages with their details and sub-pages, Media Files, Site Appearance),
 * then Publish (02 §4; disabled once publishLive is set) and Export (`{program name}.json`
 * holding the program, the profile and its pages: lib/import-config). The frame's heading
 * reads 'Summary' (02 §2).
 */
export function SummaryStep() {
  const profile = useMerchantProfile();
  const id = profile.id ?? skipToken;
  const stores = {
    profile: useStoreShape(profile),
    programs: useStoreShape(useMerchantProgramsQuery()),
    pageTypes: useStoreShape(useMerchantPageTypesQuery()),
    pages: useStoreShape(useMerchantSelectedPagesQuery(id)),
    subPages: useStoreShape(useMerchantSelectedSubPagesQuery(id)),
  };
  return (
    <SummaryStepContent id={profile.id} setupPath={paths.mm.wizard.setup.path} stores={stores}>
      {(loaded) => <MerchantSummary {...loaded} />}
    </SummaryStepContent>
  );
}

interface SummaryProps {
  profile: MerchantProfile;
  programs: readonly MerchantProgram[];
  pageTypes: readonly MerchantPageType[];
  pages: readonly SelectedPageType[];
  subPages: readonly SelectedPageSubType[];
}

function MerchantSummary({ profile, programs, pageTypes, pages, subPages }: SummaryProps) {
  const config = useAppSelector(selectRuntimeConfig);
  const { publish } = useMerchantPublish();
  const [busy, setBusy] = useState(false);
  const program = programs.find((p) => p.id === profile.programId);
  const programName = merchantProgramName(programs, profile.programId);

  /** `{host}/mm/#!/{url}` on the test or live site host (02 §2: "when present"). */
  const siteLink = (location: 0 | 1, url: string | null) =>
    url
      ? MERCHANT_SITE_PATHS.link(siteHostOf(config, location, window.location.origin), url)
      : null;
  const link = (href: string | null) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {href}
      </a>
    ) : null;

  const clientSetup: SummaryEntry[] = [
    { label: SITE_SETUP_LABEL.schemeName, value: programName },
    { label: SITE_SETUP_LABEL.schemeType, value: MERCHANT_TEXT.schemeType },
    { label: SITE_SETUP_LABEL.programId, value: String(profile.programId) },
    { label: LABEL.testSite, value: link(siteLink(0, profile.testURL)) },
    { label: LABEL.liveSite, value: link(siteLink(1, profile.liveURL)) },
  ];
  const siteSettings: SummaryEntry[] = [
    { label: LABEL.siteTitle, value: profile.siteTitle },
    { label: LABEL.analytics, value: profile.analyticsTrackingCode },
  ];
  const media: SummaryEntry[] = MERCHANT_MEDIA_SLOTS.map((slot) => {
    const path = profile[MERCHANT_MEDIA_FIELD[slot]];
    const label = MERCHANT_MEDIA_LABEL[slot];
    return {
      label,
      value: (
        <SummaryImage
          src={path ? merchantImageLink(config.urlBase, path) : null}
          alt={label}
          {...(path ? { path } : {})}
        />
      ),
    };
  });

  // The selected pages in the order of their types, as step 3 lists them.
  const typeIndex = (typeId: number) => pageTypes.findIndex((type) => type.id === typeId);
  const selected = [...pages].sort((a, b) => typeIndex(a.typeId) - typeIndex(b.typeId));
  const typeOf = (typeId: number) => pageTypes.find((type) => type.id === typeId);
  const pageName = (page: SelectedPageType) => typeOf(page.typeId)?.name ?? page.navItem;
  const subPageNames = (typeId: number) =>
    subPages
      .filter((sub) => sub.pageTypeFk === typeId)
      .map((sub) => typeOf(typeId)?.children.find((c) => c.id === sub.subtypeId)?.name)
      .filter((name): name is string => name !== undefined);

  function onPublish() {
    if (!program) {
      void dialogs.error(MERCHANT_TEXT.errorTitle, textToHtml(MERCHANT_TEXT.publishFailed));
      return;
    }
    setBusy(true);
    void publish(profile, program, SUMMARY_PUBLISHED_TEXT).finally(() => setBusy(false));
  }

  function onExport() {
    const exported = program ?? { id: profile.programId, name: programName, abbreviation: '' };
    downloadJsonFile(
      jsonFileName(programName),
      toMerchantExportFile(exported, profile, pages, subPages),
    );
  }

  return (
    <div>
      <SummarySection title={LABEL.clientSetup} entries={clientSetup} />
      <SummarySection title={LABEL.siteSettings} entries={siteSettings} />
      <SitePagesSummary names={selected.map((page) => pageName(page))} />
      {/* A page's detail only when it has a title or content (02 §2 Step 6). */}
      {selected
        .filter((page) => page.title?.trim() || page.content?.trim())
        .map((page) => (
          <SummarySection
            key={page.typeId}
            title={pageName(page)}
            entries={[
              { label: LABEL.navItem, value: page.navItem },
              { label: LABEL.pageTitle, value: page.title },
              { label: LABEL.content, value: <SummaryHtml html={page.content} /> },
              { label: LABEL.subPages, value: subPageNames(page.typeId).join(', ') },
            ]}
          />
        ))}
      <SummarySection title={LABEL.media} entries={media} />
      <SummarySection title={LABEL.appearance}>
        <AppearanceSummary
          settings={readAppearance(
            profile.overrideCSS,
            profile.siteThemeId,
            defaultMerchantAppearance(profile.siteThemeId),
          )}
          caption={LABEL.appearance}
        />
      </SummarySection>
      <div className="d-flex flex-wrap gap-2" role="group" aria-label={LABEL.actions}>
        <BusyButton
          variant="success"
          onClick={onPublish}
          busy={busy}
          disabled={profile.publishLive === 1}
        >
          {LABEL.publish}
        </BusyButton>
        <Button variant="outline-secondary" onClick={onExport}>
          {LABEL.export}
        </Button>
      </div>
    </div>
  );
}
