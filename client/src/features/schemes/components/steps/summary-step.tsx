import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate } from 'react-router-dom';
import { REVIEW_TEXT } from '@contracts/api/import-review';
import { reviewMailSentText } from '@contracts/api/mail';
import {
  SCHEME_TEXT,
  type BaseCampaignAction,
  type BaseCampaignNonAction,
  type CardBin,
  type Config,
  type FinancialSettlement,
  type LiabilityReportConfig,
  type UploadedFile,
} from '@contracts/api/schemes';
import type { LookupItem } from '@contracts/api/entities';
import { LoadingIndicator } from '@/components/common/loading-indicator';
import { QueryContent } from '@/components/common/query-content';
import {
  SummarySection,
  summaryValue,
  type SummaryEntry,
} from '@/components/site-builder/summary-section';
import { withId } from '@/config/paths';
import { isSessionExpiry } from '@/lib/api/errors';
import {
  useExpiryTermsQuery,
  useExpiryTypesQuery,
  useTransactionMethodsQuery,
} from '@/lib/api/lookups-api';
import { useStoreShape, type StoreShape } from '@/lib/api/store-shape';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { useSendReviewMailMutation, useUploadReviewImageMutation } from '../../api/review-api';
import {
  schemesApi,
  useActivateSchemeMutation,
  useBinsQuery,
  useCampaignActionQuery,
  useCampaignNonActionsQuery,
  useLiabilityFrequenciesQuery,
  useLiabilityQuery,
  useSchedulerFunctionsQuery,
  useUploadedFilesQuery,
} from '../../api/schemes-api';
import { useSchemeArea } from '../../hooks/use-scheme-area';
import { useWizardScheme } from '../../hooks/use-wizard-scheme';
import { showFailedOrError } from '../../lib/failed-dialog';
import { reviewRoute } from '../../lib/import-review';
import { captureElementPng } from '../../lib/screenshot';
import { schemeState } from '../../lib/scheme-state';
import { ACTIVATION_TEXT } from '../../lib/scheme-texts';
import { showSaveError, showSaveSuccess } from '../../lib/step-dialogs';
import {
  campaignEntries,
  dayText,
  fileDateText,
  lookupName,
  methodNames,
  money,
  months,
  settleOnText,
  SUMMARY_LABEL,
  SUMMARY_PLACEHOLDER,
  yesNo,
} from '../../lib/summary';
import { areaPaths } from '../../lib/wizard-steps';
import { SchemeStateBadge } from '../scheme-state-badge';
import { BusyButton } from '@/components/common/busy-button';

/**
 * Summary, gift step 6 of 6 and loyalty step 7 of 7 (03 §2 Summary, §4 Activation, §8): a
 * heading with the scheme's name and state (In setup, Sent for review, Active), every read-only
 * section of the scheme, then 'Edit Scheme' (back to Client Setup), 'Send to Review' (a PNG
 * screenshot of the sections, stored by POST {url base}/images/review, then the review mail by
 * POST {url base}/mail naming the scheme's programId, which marks it sent for review) and
 * 'Activate Scheme'. Activation asks first, naming the scheme; then the configuration is
 * fetched: with one, PUT /gift-card/summaries/{id} and on to the area's dashboard; without,
 * 'Failed' and on to Configuration. An active scheme's 'Activate Scheme' is disabled, with a
 * note saying why.
 */
export function SummaryStep() {
  const area = useSchemeArea();
  const navigate = useNavigate();
  const wizard = useWizardScheme();
  const { id, scheme, config, settlement } = wizard;
  const isLoyalty = area === 'loyalty';

  const methods = useTransactionMethodsQuery();
  const expiryTypes = useExpiryTypesQuery();
  const expiryTerms = useExpiryTermsQuery();
  const bins = useBinsQuery();
  const liability = useStoreShape(useLiabilityQuery(id ?? skipToken));
  const frequencies = useLiabilityFrequenciesQuery();
  const schedulers = useSchedulerFunctionsQuery();
  const campaignQuery = useCampaignActionQuery(isLoyalty && id !== null ? id : skipToken);
  const campaignRows = useCampaignNonActionsQuery(isLoyalty && id !== null ? id : skipToken);
  const campaign = useStoreShape(campaignQuery);
  const filesQuery = useUploadedFilesQuery(id ?? skipToken);
  const files = useStoreShape(filesQuery);

  const [loadConfig] = schemesApi.endpoints.configuration.useLazyQuery();
  const [activateScheme, activateState] = useActivateSchemeMutation();
  const [uploadReviewImage, uploadState] = useUploadReviewImageMutation();
  const [sendReviewMail, mailState] = useSendReviewMailMutation();
  const activation = useStoreShape(undefined, { update: activateState });
  const review = useStoreShape(undefined, { create: uploadState, update: mailState });
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const activeNoteId = useId();
  const isActive = scheme.data !== undefined && schemeState(scheme.data) === 'active';

  useUploadedFilesFailure(filesQuery.error);

  const wizardPaths = areaPaths(area).wizard;
  const saving = busy || activation.updating || review.creating || review.updating;

  async function activate() {
    const data = scheme.data;
    if (id === null || !data) return;
    const confirmed = await dialogs.confirm(
      ACTIVATION_TEXT.confirmTitle(data.schemeName),
      textToHtml(ACTIVATION_TEXT.confirmMessage(data.schemeName)),
      {
        okText: ACTIVATION_TEXT.confirm,
        cancelText: ACTIVATION_TEXT.cancel,
        // Activation cannot be undone: Enter keeps the scheme as it is.
        focusCancel: true,
      },
    );
    if (!confirmed) return;
    setBusy(true);
    const processing = dialogs.processing();
    try {
      // 03 §4: fetch the config first; without one the scheme cannot be activated.
      const current = await loadConfig(id).unwrap();
      if (current === null) {
        processing.close();
        await dialogs.error(SCHEME_TEXT.failedTitle, textToHtml(SCHEME_TEXT.activateWithoutConfig));
        await navigate(withId(wizardPaths.config, id));
        return;
      }
      try {
        await activateScheme(id).unwrap();
      } catch (error) {
        processing.close();
        await showFailedOrError(error);
        return;
      }
      processing.close();
      await showSaveSuccess(SCHEME_TEXT.activated);
      await navigate(areaPaths(area).dashboard.path);
    } catch (error) {
      processing.close();
      await showSaveError(error);
    } finally {
      processing.close();
      setBusy(false);
    }
  }

  async function sendToReview() {
    const element = summaryRef.current;
    const data = scheme.data;
    if (!element || !data) return;
    setBusy(true);
    const processing = dialogs.processing();
    try {
      const png = await captureElementPng(element);
      const { id: image } = await uploadReviewImage(png).unwrap();
      // The reviewer's address: 03 names none (the mail body is just email, schemeName, image),
      // so the review goes to the scheme's contact e-mail (General Settings), the address the
      // scheme's owner gave for it and one the server checks is a valid e-mail.
      const sent = await sendReviewMail({
        email: data.email,
        schemeName: data.schemeName,
        image,
        programId: data.programId,
      }).unwrap();
      processing.close();
      await showSaveSuccess(reviewMailSentText(sent.schemeName, sent.email));
    } catch (error) {
      processing.close();
      await showSaveError(error);
    } finally {
      processing.close();
      setBusy(false);
    }
  }

  const currentConfig = config.data ?? undefined;
  const bin = bins.data?.find((each) => each.id === currentConfig?.liveCardBinId);

  return (
    <QueryContent
      state={{ loading: scheme.data === undefined && scheme.loading, error: scheme.error }}
    >
      {scheme.data ? (
        <h3 className="h5 mb-3 d-flex flex-wrap align-items-center gap-2">
          <span>{scheme.data.schemeName}</span>
          <SchemeStateBadge scheme={scheme.data} className="fs-6" />
        </h3>
      ) : null}
      <div ref={summaryRef} role="region" aria-label={SUMMARY_LABEL.region} className="bg-white">
        <SummarySection
          title={SUMMARY_LABEL.schemeDetails}
          entries={[
            { label: SUMMARY_LABEL.schemeName, value: scheme.data?.schemeName },
            { label: SUMMARY_LABEL.owner, value: scheme.data?.poweruserLogin },
            { label: SUMMARY_LABEL.shortName, value: scheme.data?.schemeShortName },
            { label: SUMMARY_LABEL.poolTrader, value: settlement.data?.poolAccName },
            { label: SUMMARY_LABEL.abbreviation, value: scheme.data?.schemeAbbreviation },
            {
              label: SUMMARY_LABEL.transactingMethods,
              value: methodNames(scheme.data?.transactionMethodsStr, methods.data),
            },
          ]}
        />
        <SummarySection title={SUMMARY_LABEL.cardDetails} entries={cardEntries(bin)} />
        <SummarySection
          title={SUMMARY_LABEL.createCards}
          entries={suffixEntries(currentConfig, area === 'gift')}
        />
        <SummarySection
          title={SUMMARY_LABEL.expiry}
          entries={[
            {
              label: SUMMARY_LABEL.calculateFrom,
              value: lookupName(expiryTypes.data, currentConfig?.expiryFrom),
            },
            {
              label: SUMMARY_LABEL.expiryTerm,
              value:
                expiryTerms.data?.find((term) => term.id === currentConfig?.expiryTerm)?.value ??
                months(currentConfig?.expiryTerm),
            },
          ]}
        />
        <SummarySection
          title={SUMMARY_LABEL.merchantTypes}
          entries={merchantEntries(currentConfig)}
        />
        <SummarySection
          title={SUMMARY_LABEL.cardholder}
          entries={cardholderEntries(currentConfig)}
        />
        <SummarySection
          title={SUMMARY_LABEL.financial}
          entries={financialEntries(settlement.data ?? undefined)}
        />
        <SummarySection
          title={SUMMARY_LABEL.liability}
          entries={liabilityEntries(liability.data ?? undefined, frequencies.data, schedulers.data)}
        />
        {isLoyalty ? (
          <SummarySection
            title={SUMMARY_LABEL.baseCampaign}
            entries={baseCampaignEntries(campaign, campaignRows.data)}
          />
        ) : null}
        <SummarySection title={SUMMARY_LABEL.filesUploaded}>
          <FileList
            files={files}
            reviewOf={
              id === null
                ? undefined
                : (outFileName) => reviewRoute(area, id, outFileName, 'summary')
            }
          />
        </SummarySection>
        <SummarySection title={SUMMARY_LABEL.filesCreated}>
          {/* 03 §2: an empty Files Created list. */}
          <FileList files={{ ...files, loading: false, data: [] }} />
        </SummarySection>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <BusyButton
          variant="outline-secondary"
          busy={saving}
          onClick={() => void navigate(withId(wizardPaths.setup, id))}
        >
          {SCHEME_TEXT.buttons.editScheme}
        </BusyButton>
        <BusyButton
          variant="outline-primary"
          busy={saving}
          disabled={!scheme.data}
          onClick={() => void sendToReview()}
        >
          {SCHEME_TEXT.buttons.sendToReview}
        </BusyButton>
        <BusyButton
          variant="primary"
          busy={saving}
          disabled={id === null || !scheme.data || isActive}
          aria-describedby={isActive ? activeNoteId : undefined}
          onClick={() => void activate()}
        >
          {SCHEME_TEXT.buttons.activate}
        </BusyButton>
      </div>
      {isActive ? (
        <p id={activeNoteId} className="form-text mt-2 mb-0">
          {ACTIVATION_TEXT.alreadyActive}
        </p>
      ) : null}
    </QueryContent>
  );
}

/** 'Failed fetching Uploaded file list' with the server's message, once per failure (03 §8). */
function useUploadedFilesFailure(error: unknown): void {
  const shown = useRef<unknown>(undefined);
  useEffect(() => {
    if (!error || shown.current === error || isSessionExpiry(error)) return;
    shown.current = error;
    const { message } = toMessage(error);
    void dialogs.error(SCHEME_TEXT.uploadedFilesFailedTitle, textToHtml(message));
  }, [error]);
}

function toMessage(error: unknown): { message: string } {
  const text =
    error && typeof error === 'object' && 'errorMessage' in error
      ? String((error as { errorMessage: unknown }).errorMessage)
      : '';
  return { message: text };
}

/**
 * An uploaded file list; with `reviewOf`, an import whose error lines still fail, or wait fixed
 * to be imported, offers 'Review errors' (described by its file's name, as several may).
 */
function FileList({
  files,
  reviewOf,
}: {
  files: StoreShape<UploadedFile[]>;
  /** The review route of an import's error file. */
  reviewOf?(outFileName: string): string;
}) {
  const listId = useId();
  if (files.loading && files.data === undefined) return <LoadingIndicator />;
  const list = files.data ?? [];
  if (list.length === 0) return <p className="mb-0">{SUMMARY_LABEL.noFiles}</p>;
  return (
    <ul className="list-unstyled mb-0">
      {list.map((file, index) => {
        const nameId = `${listId}-${index}`;
        const { outFileName, failingLines = 0, fixedLines = 0 } = file;
        return (
          <li key={`${file.fileName}-${index}`} className="d-flex flex-wrap align-items-center">
            <span className="me-3 font-monospace">{fileDateText(file.createdDate)}</span>
            <span id={nameId}>{file.fileName}</span>
            {reviewOf && outFileName && failingLines + fixedLines > 0 ? (
              <>
                {failingLines > 0 ? (
                  <span className="ms-3 text-danger">{REVIEW_TEXT.failingCount(failingLines)}</span>
                ) : null}
                {fixedLines > 0 ? (
                  <span className="ms-3">{REVIEW_TEXT.fixedCount(fixedLines)}</span>
                ) : null}
                <Link
                  className="btn btn-sm btn-outline-primary ms-3"
                  to={reviewOf(outFileName)}
                  aria-describedby={nameId}
                >
                  {REVIEW_TEXT.reviewErrors}
                </Link>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function cardEntries(bin: CardBin | undefined): SummaryEntry[] {
  return [
    { label: SUMMARY_LABEL.cardType, value: SUMMARY_PLACEHOLDER.cardType },
    { label: SUMMARY_LABEL.cardName, value: bin?.name },
    { label: SUMMARY_LABEL.binNumber, value: bin?.number },
    { label: SUMMARY_LABEL.cardLength, value: bin?.cardLength },
  ];
}

function suffixEntries(config: Config | undefined, isGift: boolean): SummaryEntry[] {
  const suffix = (value: string | null | undefined, name: string): ReactNode =>
    value ? value : SUMMARY_PLACEHOLDER.suffix(name);
  const entries: SummaryEntry[] = [
    { label: SUMMARY_LABEL.standard, value: suffix(config?.suffixStand, SUMMARY_LABEL.standard) },
    { label: SUMMARY_LABEL.virtual, value: suffix(config?.suffixVirtual, SUMMARY_LABEL.virtual) },
  ];
  if (isGift) {
    const bulk = config && 'suffixBulk' in config ? config.suffixBulk : null;
    entries.push({ label: SUMMARY_LABEL.bulk, value: suffix(bulk, SUMMARY_LABEL.bulk) });
  }
  return entries;
}

function merchantEntries(config: Config | undefined): SummaryEntry[] {
  if (config && 'merchantLoyaltyRedeem' in config) {
    return [
      { label: SUMMARY_LABEL.redeem, value: yesNo(config.merchantRedeem) },
      { label: SUMMARY_LABEL.loyaltyRedeem, value: yesNo(config.merchantLoyaltyRedeem) },
    ];
  }
  return [
    { label: SUMMARY_LABEL.topup, value: yesNo(config?.merchantTopup) },
    { label: SUMMARY_LABEL.redeem, value: yesNo(config?.merchantRedeem) },
    { label: SUMMARY_LABEL.multiTopup, value: yesNo(config?.multiTopup) },
  ];
}

function cardholderEntries(config: Config | undefined): SummaryEntry[] {
  const shared = [
    { label: SUMMARY_LABEL.redeemMin, value: money(config?.redeemMin) },
    { label: SUMMARY_LABEL.transactionMax, value: money(config?.redeemMax) },
  ];
  if (config && 'merchantLoyaltyRedeem' in config) return shared;
  return [
    { label: SUMMARY_LABEL.topupMin, value: money(config?.topupMin) },
    { label: SUMMARY_LABEL.topupMax, value: money(config?.topupMax) },
    ...shared,
  ];
}

function financialEntries(settlement: FinancialSettlement | undefined): SummaryEntry[] {
  return [
    {
      label: SUMMARY_LABEL.bank,
      value: settlement?.bankName ?? settlement?.bank?.bankName,
    },
    { label: SUMMARY_LABEL.authority, value: settlement?.bankAuthority },
    { label: SUMMARY_LABEL.poolAccount, value: settlement?.poolAccBankNumber },
    { label: SUMMARY_LABEL.settleOn, value: settlement ? settleOnText(settlement) : undefined },
  ];
}

function liabilityEntries(
  liability: LiabilityReportConfig | undefined,
  frequencies: readonly LookupItem[] | undefined,
  schedulers: readonly LookupItem[] | undefined,
): SummaryEntry[] {
  const recipients = liability?.emailRecipient.split(',').join(', ');
  const mode: SummaryEntry[] =
    liability && liability.frequency === null && liability.schedulerFunction !== null
      ? [
          {
            label: SUMMARY_LABEL.scheduler,
            value: lookupName(schedulers, liability.schedulerFunction),
          },
        ]
      : [
          { label: SUMMARY_LABEL.frequency, value: lookupName(frequencies, liability?.frequency) },
          { label: SUMMARY_LABEL.nextExecution, value: dayText(liability?.nextExecutionDate) },
        ];
  return [
    { label: SUMMARY_LABEL.recipient, value: recipients },
    { label: SUMMARY_LABEL.subject, value: liability?.emailSubject },
    ...mode,
    { label: SUMMARY_LABEL.groupingHorizon, value: liability?.groupingHorizon },
  ];
}

function baseCampaignEntries(
  campaign: StoreShape<BaseCampaignAction | null>,
  rows: readonly BaseCampaignNonAction[] | undefined,
): SummaryEntry[] {
  if (!campaign.data) return [{ label: SUMMARY_LABEL.action, value: summaryValue(undefined) }];
  return campaignEntries(campaign.data, rows);
}
