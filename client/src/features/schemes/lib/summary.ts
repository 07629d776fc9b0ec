import { format } from 'date-fns';
import {
  BASE_CAMPAIGN_ACTION,
  BASE_CAMPAIGN_ACTION_LABEL,
  SETTLEMENT_DAYS_OF_WEEK,
  SETTLEMENT_FREQUENCY,
  SETTLEMENT_FREQUENCY_LABEL,
  SETTLEMENT_WHEN_OPTIONS,
  type BaseCampaignAction,
  type BaseCampaignNonAction,
  type FinancialSettlement,
  type Flag,
} from '@contracts/api/schemes';
import type { LookupItem } from '@contracts/api/entities';
import { scaleLabel } from './base-campaign';
import { epochDayText } from './epoch-dates';

/**
 * The Summary step's texts and formatters (03 §2 Summary, §9). 03 names the sections and what
 * each shows; the field labels, the yes/no wording and the placeholders' words are ours.
 */

export const SUMMARY_LABEL = {
  schemeDetails: 'Scheme Details',
  schemeName: 'Scheme Name',
  owner: 'Owner',
  shortName: 'Short Name',
  /** Not in the spec's entities: the pool account of the financial settlement. */
  poolTrader: 'Pool Trader',
  abbreviation: 'Abbreviation',
  transactingMethods: 'Transacting Methods',
  cardDetails: 'Card Details',
  cardType: 'Card Type',
  cardName: 'Card Name',
  binNumber: 'BIN Number',
  cardLength: 'Card Number Length',
  createCards: 'Create Cards',
  standard: 'Standard',
  virtual: 'Virtual',
  bulk: 'Bulk Order',
  expiry: 'Expiry',
  calculateFrom: 'Calculate From',
  expiryTerm: 'Expiry Term',
  merchantTypes: 'Merchant Transaction Types',
  topup: 'Top-Up',
  redeem: 'Redeem',
  loyaltyRedeem: 'Loyalty Redeem',
  multiTopup: 'Multiple Top-Ups',
  cardholder: 'Cardholder Settings',
  topupMin: 'Min Top-Up',
  topupMax: 'Max Top-Up',
  redeemMin: 'Min Redeem',
  transactionMax: 'Max Transaction Value',
  financial: 'Financial Settlement',
  bank: 'Bank',
  authority: 'Authority Number',
  poolAccount: 'Pool Account Number',
  settleOn: 'Settle On',
  liability: 'Liability Report',
  recipient: 'Recipient',
  subject: 'Subject',
  frequency: 'Frequency',
  nextExecution: 'Next Execution Date',
  scheduler: 'Scheduler',
  groupingHorizon: 'Grouping Horizon',
  baseCampaign: 'Base Campaign',
  action: 'Action',
  points: 'Points',
  units: 'Units',
  amountPer: 'Amount per',
  scale: 'Scale',
  filesUploaded: 'Files Uploaded',
  filesCreated: 'Files Created',
  noFiles: 'None',
  /** The summary's own name, for the screenshot's region. */
  region: 'Scheme summary',
} as const;

/**
 * Bracketed placeholders for what the summary cannot show (03 §2: "card type (a placeholder)",
 * "bracketed placeholders when empty").
 */
export const SUMMARY_PLACEHOLDER = {
  cardType: '[Card Type]',
  suffix: (name: string) => `[${name}]`,
} as const;

export const yesNo = (flag: Flag | undefined): string | undefined =>
  flag === undefined ? undefined : flag === 1 ? 'Yes' : 'No';

/** Money as stored, with two decimals. */
export const money = (value: number | undefined): string | undefined =>
  value === undefined ? undefined : value.toFixed(2);

export const months = (value: number | undefined): string | undefined =>
  value === undefined ? undefined : `${value} months`;

const valueOf = (items: readonly LookupItem[] | undefined, id: number | null | undefined) =>
  id === null || id === undefined ? undefined : items?.find((item) => item.id === id)?.value;

/** A lookup's name for an id (the id itself when the list does not have it). */
export const lookupName = (
  items: readonly LookupItem[] | undefined,
  id: number | null | undefined,
): string | undefined =>
  id === null || id === undefined ? undefined : (valueOf(items, id) ?? String(id));

/** The names of comma-joined transaction method ids ("1,3" → "Card, Online"). */
export const methodNames = (ids: string | undefined, items: readonly LookupItem[] | undefined) =>
  (ids ?? '')
    .split(',')
    .filter((id) => id.trim() !== '')
    .map((id) => lookupName(items, Number(id)))
    .join(', ');

/** When a settlement runs: the frequency and its 'when' or day of week ("Weekly, Monday"). */
export function settleOnText(settlement: FinancialSettlement): string {
  const frequency =
    SETTLEMENT_FREQUENCY_LABEL[settlement.frequency] ?? String(settlement.frequency);
  const detail =
    settlement.frequency === SETTLEMENT_FREQUENCY.MONTHLY
      ? valueOf(SETTLEMENT_WHEN_OPTIONS, settlement.frequencyWhen)
      : valueOf(SETTLEMENT_DAYS_OF_WEEK, settlement.frequencyDayOfWeek);
  return detail ? `${frequency}, ${detail}` : frequency;
}

/** A date of the wire (epoch seconds) as dd.MM.yyyy (03 §9), the day the step shows. */
export const dayText = (epochSeconds: number | null | undefined): string | undefined =>
  epochSeconds === null || epochSeconds === undefined ? undefined : epochDayText(epochSeconds);

/** An uploaded file's createdDate (epoch seconds) as HH:mm:ss dd/MM/yyyy (03 §2, §9). */
export const fileDateText = (epochSeconds: number): string =>
  format(new Date(epochSeconds * 1000), 'HH:mm:ss dd/MM/yyyy');

/** The base campaign's action as lines of label and value. */
export function campaignEntries(
  action: BaseCampaignAction,
  rows: readonly BaseCampaignNonAction[] | undefined,
): { label: string; value: string }[] {
  const entries = [
    { label: SUMMARY_LABEL.action, value: BASE_CAMPAIGN_ACTION_LABEL[action.actionTypeId] },
  ];
  const number = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : value.toFixed(2);
  switch (action.actionTypeId) {
    case BASE_CAMPAIGN_ACTION.FLAT:
      return [...entries, { label: SUMMARY_LABEL.points, value: number(action.actionParameter1) }];
    case BASE_CAMPAIGN_ACTION.RELATIVE:
      return [
        ...entries,
        { label: SUMMARY_LABEL.units, value: number(action.actionParameter1) },
        { label: SUMMARY_LABEL.amountPer, value: number(action.actionParameter2) },
      ];
    case BASE_CAMPAIGN_ACTION.SLIDING:
    case BASE_CAMPAIGN_ACTION.STEPING: {
      const scale =
        rows && rows.length > 0
          ? rows.map((row) => ({
              min: row.fromValue,
              max: row.toValue,
              multiplier: row.multiplier,
            }))
          : (action.range ?? []);
      return [
        ...entries,
        {
          label: SUMMARY_LABEL.scale,
          value: scale
            .map((row) => `${scaleLabel(row.min)} - ${scaleLabel(row.max)} x ${row.multiplier}`)
            .join('; '),
        },
      ];
    }
    default:
      return entries;
  }
}
