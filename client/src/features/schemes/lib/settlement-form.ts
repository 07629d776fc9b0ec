/**
 * The Financial Settlement step's form (03 §2 step 4, §3, §4 Financial, §5 Financial): its
 * values, labels, rules and the conversions to and from the wire (dates as epoch seconds, an
 * empty bank authority as null, the account number zero-padded to the bank's format on load).
 * Pure functions, so the step and its tests agree.
 */
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  SCHEME_LIMITS,
  SCHEME_STATUS,
  SETTLEMENT_DAYS_OF_WEEK,
  SETTLEMENT_FREQUENCY,
  SETTLEMENT_FREQUENCY_LABEL,
  SETTLEMENT_WHEN_OPTIONS,
  type Bank,
  type FinancialSettlement,
  type SettlementFrequencyId,
} from '@contracts/api/schemes';
import type { LookupItem } from '@contracts/api/entities';
import { applyMask, isMaskSlot, matchesMask } from '@contracts/validation/rules';
import {
  alphaNumSpace,
  areEqual,
  composeValidators,
  digitOnly,
  endAfterStart,
  maxLength,
  monthlyFrequency,
  required,
  startBeforeEnd,
  weeklyFrequency,
  type AnyFieldValue,
  type TextValue,
  type Validator,
} from '@/lib/forms/validators';
import { fromEpochSeconds, toEpochSeconds } from './epoch-dates';

/** Labels of the step (03 §2 names the fields; the words are ours, not in the spec). */
export const SETTLEMENT_LABEL = {
  title: (clientName: string) => `Financial Settlement for ${clientName}`,
  enabled: 'Enable Financial Settlement',
  bank: 'Bank',
  bankAuthority: 'Bank Authority Number',
  bankAuthorityRepeat: 'Repeat Bank Authority Number',
  poolAccName: 'Pool Account Name',
  poolAccBankNumber: 'Pool Bank Account Number',
  poolAccBankNumberRepeat: 'Repeat Pool Bank Account Number',
  accountFormatHelp: (format: string) => `Format: ${format}`,
  frequency: 'Frequency',
  when: 'When',
  dayOfWeek: 'Day of Week',
  /** The empty choice of the daily list: every working day. */
  everyWorkingDay: 'Every working day',
  startDate: 'Start Date',
  endDate: 'End Date',
  dualBilling: 'Dual Billing Sequence',
  noScheme: 'Save the General Settings and Configuration of a scheme first, from',
} as const;

export const FREQUENCY_OPTIONS = (
  Object.entries(SETTLEMENT_FREQUENCY_LABEL) as [string, string][]
).map(([id, label]) => ({ value: Number(id), label }));
export const WHEN_OPTIONS = SETTLEMENT_WHEN_OPTIONS.map((o) => ({ value: o.id, label: o.value }));

/**
 * The day-of-week lists (03 §4: "frequency 4 uses a daily day-of-week list"; 03 does not show
 * that list). Bi-weekly and weekly pick one of Monday to Friday and must. Daily - Working Days
 * runs on every working day: its list offers the same days, and leaving it empty (the server
 * takes no day of week for daily) means every working day.
 */
export const WEEKLY_DAYS: readonly LookupItem[] = SETTLEMENT_DAYS_OF_WEEK;
export const DAILY_DAYS: readonly LookupItem[] = SETTLEMENT_DAYS_OF_WEEK;
export const dayOptions = (frequency: number | undefined) =>
  (frequency === SETTLEMENT_FREQUENCY.DAILY ? DAILY_DAYS : WEEKLY_DAYS).map((o) => ({
    value: o.id,
    label: o.value,
  }));

export interface SettlementValues {
  enabled: boolean;
  bankId?: number;
  bankAuthority?: string;
  bankAuthorityRepeat?: string;
  poolAccName?: string;
  poolAccBankNumber?: string;
  poolAccBankNumberRepeat?: string;
  frequency?: number;
  frequencyWhen?: number;
  frequencyDayOfWeek?: number;
  startDate?: Date | null;
  endDate?: Date | null;
  flDualBillingSeq: 0 | 1;
}

const isMonthly = (frequency: number | undefined) => frequency === SETTLEMENT_FREQUENCY.MONTHLY;

/**
 * 03 §4: frequency 1 enables 'When' (and clears the day of week), any other the day of week
 * (and clears 'When'). Before a frequency is chosen both are disabled (03 §5: "Frequency must be
 * chosen first"), so "Frequency is not selected" cannot be reached (docs/decisions.md).
 */
export const whenEnabled = (frequency: number | undefined) =>
  frequency !== undefined && isMonthly(frequency);
export const dayOfWeekEnabled = (frequency: number | undefined) =>
  frequency !== undefined && !isMonthly(frequency);

/**
 * A stored account number fitted to the bank's format: one shorter than the format (fewer
 * letters and digits than the format has slots) is left-padded with zeros first (03 §5).
 */
export function padAccountNumber(format: string, stored: string): string {
  if (format === '' || matchesMask(format, stored)) return stored;
  const slots = [...format].filter(isMaskSlot).length;
  const typed = [...stored].filter((char) => /[A-Za-z0-9]/.test(char)).join('');
  return applyMask(format, typed.length < slots ? typed.padStart(slots, '0') : typed);
}

export function toSettlementValues(
  settlement: FinancialSettlement | null | undefined,
  banks: readonly Bank[],
): SettlementValues {
  if (!settlement) return { enabled: false, flDualBillingSeq: 0 };
  const format =
    banks.find((b) => b.id === settlement.bankId)?.accountFormat ??
    settlement.bank?.accountFormat ??
    '';
  const number = padAccountNumber(format, settlement.poolAccBankNumber);
  return {
    enabled: true,
    bankId: settlement.bankId,
    bankAuthority: settlement.bankAuthority ?? undefined,
    bankAuthorityRepeat: settlement.bankAuthority ?? undefined,
    poolAccName: settlement.poolAccName,
    poolAccBankNumber: number,
    poolAccBankNumberRepeat: number,
    frequency: settlement.frequency,
    frequencyWhen: settlement.frequencyWhen ?? undefined,
    frequencyDayOfWeek: settlement.frequencyDayOfWeek ?? undefined,
    startDate: fromEpochSeconds(settlement.startDate),
    endDate: fromEpochSeconds(settlement.endDate),
    flDualBillingSeq: settlement.flDualBillingSeq,
  };
}

/** The body of a create or update (03 §3): epoch-second dates, '' bank authority as null. */
export function toSettlementBody(programId: number, values: SettlementValues): FinancialSettlement {
  const frequency = values.frequency as SettlementFrequencyId;
  const authority = values.bankAuthority?.trim() ?? '';
  return {
    programId,
    bankId: values.bankId as number,
    bankAuthority: authority === '' ? null : authority,
    poolAccName: values.poolAccName ?? '',
    poolAccBankNumber: values.poolAccBankNumber ?? '',
    frequency,
    frequencyWhen: isMonthly(frequency) ? (values.frequencyWhen ?? null) : null,
    frequencyDayOfWeek: isMonthly(frequency) ? null : (values.frequencyDayOfWeek ?? null),
    flDualBillingSeq: values.flDualBillingSeq,
    startDate: toEpochSeconds(values.startDate as Date),
    endDate: toEpochSeconds(values.endDate as Date),
    schemeStatus: SCHEME_STATUS.FINANCIAL,
  };
}

// ---------------------------------------------------------------------------------------------
// Rules (03 §5 Financial): every rule holds only while the settlement is enabled
// ---------------------------------------------------------------------------------------------

type Values = SettlementValues;
const valuesOf = (all: object) => all as Values;

/** Runs `validator` only while the enable box is ticked (fields are disabled otherwise). */
const whileEnabled =
  <V>(validator: Validator<V>): Validator<V> =>
  (value, all) =>
    valuesOf(all).enabled ? validator(value, all) : undefined;

/** Required only when `needed` holds for the form's values. */
const requiredIf =
  (needed: (values: Values) => boolean): Validator<AnyFieldValue> =>
  (value, all) =>
    needed(valuesOf(all)) ? required(value, all) : undefined;

/** A re-entry: required once the first entry holds something, and equal to it. */
const reEntryOf = (field: 'bankAuthority' | 'poolAccBankNumber'): Validator<TextValue> =>
  composeValidators<TextValue>(
    requiredIf((values) => Boolean(values[field])),
    areEqual(field),
  );

/**
 * The account number fills the chosen bank's format (the mask lets nothing else in, so only a
 * number still short of it fails: "This field is too short").
 */
const fillsFormat =
  (banks: readonly Bank[]): Validator<TextValue> =>
  (value, all) => {
    const format = banks.find((b) => b.id === valuesOf(all).bankId)?.accountFormat;
    if (value === undefined || value === null || value === '' || !format) return undefined;
    return matchesMask(format, String(value)) ? undefined : FIELD_MESSAGES.minlength;
  };

export function settlementValidators(banks: readonly Bank[]) {
  return {
    bankId: whileEnabled(required),
    bankAuthority: whileEnabled(
      composeValidators(digitOnly, maxLength(SCHEME_LIMITS.bankAuthority)),
    ),
    bankAuthorityRepeat: whileEnabled(reEntryOf('bankAuthority')),
    poolAccName: whileEnabled(
      composeValidators(required, maxLength(SCHEME_LIMITS.poolAccName), alphaNumSpace),
    ),
    poolAccBankNumber: whileEnabled(
      composeValidators<TextValue>(
        required,
        maxLength(SCHEME_LIMITS.poolAccBankNumber),
        fillsFormat(banks),
      ),
    ),
    poolAccBankNumberRepeat: whileEnabled(
      composeValidators<TextValue>(required, areEqual('poolAccBankNumber')),
    ),
    frequency: whileEnabled(required),
    frequencyWhen: whileEnabled(
      composeValidators(
        requiredIf((values) => isMonthly(values.frequency)),
        monthlyFrequency(),
      ),
    ),
    frequencyDayOfWeek: whileEnabled(
      composeValidators(
        requiredIf(
          (values) =>
            values.frequency !== undefined &&
            !isMonthly(values.frequency) &&
            values.frequency !== SETTLEMENT_FREQUENCY.DAILY,
        ),
        weeklyFrequency(),
      ),
    ),
    startDate: whileEnabled(composeValidators(required, startBeforeEnd('endDate'))),
    endDate: whileEnabled(composeValidators(required, endAfterStart('startDate'))),
  } as const;
}
