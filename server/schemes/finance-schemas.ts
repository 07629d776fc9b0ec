/**
 * Input schemas of the financial settlement, liability report and base campaign calls (03 §3,
 * §5, §7). Shape, type and single-field rules only; rules that need the stored data or several
 * fields (existing bank, account format, dates and frequency, the two liability modes, scale
 * rows) are in finance-rules.ts. Limits and texts come from contracts.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  BASE_CAMPAIGN_ACTION,
  BASE_CAMPAIGN_SCALE,
  MONEY,
  SCHEME_FINANCE_MESSAGE,
  SCHEME_LIMITS,
  SCHEME_SERVER_MESSAGE,
  SETTLEMENT_DAYS_OF_WEEK,
  SETTLEMENT_FREQUENCY,
  SETTLEMENT_WHEN_OPTIONS,
} from '@contracts/api/schemes';
import { hasNoLeadingZero, isAlphaNumSpace, isEmail, isNumeric } from '@contracts/validation/rules';
import { headerText, requiredLine, requiredText, text } from '../http/text';
import { noMarkup } from './scheme-schemas';

/** A record id in a body. */
const recordId = z
  .number()
  .int(SCHEME_SERVER_MESSAGE.wholeNumber)
  .min(1, SCHEME_SERVER_MESSAGE.atLeastOne);

const flag = z.literal([0, 1], SCHEME_SERVER_MESSAGE.flag);

/** Largest epoch second accepted: 31 Dec 9999 23:59:59 UTC. */
const MAX_EPOCH_SECONDS = 253_402_300_799;

/** A date on the wire: whole epoch seconds (03 §3). */
const epochSeconds = z
  .number()
  .int(SCHEME_FINANCE_MESSAGE.epochSeconds)
  .min(0, SCHEME_FINANCE_MESSAGE.epochSeconds)
  .max(MAX_EPOCH_SECONDS, SCHEME_FINANCE_MESSAGE.epochSeconds);

/** One of the listed ids (a fixed option list of 03 §9). */
const option = (ids: readonly number[]) =>
  z.number().refine((id) => ids.includes(id), SCHEME_FINANCE_MESSAGE.oneOf(ids));

/** A number from 0.00 to 9999.99 with at most two decimals (03 §9 money range). */
export function isMoney(value: number): boolean {
  return (
    Number.isFinite(value) &&
    value >= MONEY.min &&
    value <= MONEY.max &&
    Math.abs(Math.round(value * 100) - value * 100) < 1e-6
  );
}
const money = z.number().refine(isMoney, SCHEME_SERVER_MESSAGE.money);

/** `?returnBody=true` answers with the stored entity; without it, with `{ programId }`. */
export const returnBodyQuery = z.object({
  returnBody: z.enum(['true', 'false'], SCHEME_SERVER_MESSAGE.returnBody).optional(),
});
export const wantsBody = (query: { returnBody?: 'true' | 'false' | undefined }) =>
  query.returnBody === 'true';

// ---------------------------------------------------------------------------------------------
// Financial settlement (03 §5 Financial)
// ---------------------------------------------------------------------------------------------

/** Bank authority: digits without a leading zero, max 16; '' and null read as null. */
const bankAuthority = z
  .string()
  .max(SCHEME_LIMITS.bankAuthority, FIELD_MESSAGES.maxlength)
  .refine(isNumeric, FIELD_MESSAGES.numOnly)
  .refine(hasNoLeadingZero, FIELD_MESSAGES.nonZeroStart)
  .nullable()
  .transform((value) => (value === '' ? null : value));

const settlementShape = {
  programId: recordId,
  bankId: recordId,
  bankAuthority: bankAuthority.optional().transform((value) => value ?? null),
  poolAccName: requiredLine(SCHEME_LIMITS.poolAccName).refine(
    isAlphaNumSpace,
    FIELD_MESSAGES.alphaNumOnly,
  ),
  // The bank's format is checked in finance-rules.ts (it needs the stored bank).
  poolAccBankNumber: requiredLine(SCHEME_LIMITS.poolAccBankNumber),
  frequency: option(Object.values(SETTLEMENT_FREQUENCY)),
  frequencyWhen: option(SETTLEMENT_WHEN_OPTIONS.map((item) => item.id))
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  frequencyDayOfWeek: option(SETTLEMENT_DAYS_OF_WEEK.map((item) => item.id))
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  flDualBillingSeq: flag.optional().transform((value) => value ?? 0),
  startDate: epochSeconds,
  endDate: epochSeconds,
  // Sent back by the client with the entity; the server fills or sets them.
  bank: z.unknown().optional(),
  bankName: z.unknown().optional(),
  schemeStatus: z.unknown().optional(),
};

/** POST /gift-card/financial-settlements. */
export const settlementBody = z.strictObject(settlementShape);
/** PUT /gift-card/financial-settlements/{id}: the path names the program; a body copy must agree. */
export const settlementUpdateBody = z.strictObject({
  ...settlementShape,
  programId: recordId.optional(),
});
export type SettlementInput = z.infer<typeof settlementBody>;

// ---------------------------------------------------------------------------------------------
// Liability report (03 §5 Liability)
// ---------------------------------------------------------------------------------------------

/** The addresses of a comma-joined list, trimmed; empty items kept so they fail the check. */
export const splitEmails = (list: string): string[] => list.split(',').map((item) => item.trim());

/**
 * A comma-joined e-mail list; stored joined again without spaces. The addresses go into mail
 * headers: no control characters, not even around an address.
 */
const emailList = headerText(text(SCHEME_LIMITS.emailList))
  .refine((list) => splitEmails(list).every(isEmail), FIELD_MESSAGES.email)
  .transform((list) => splitEmails(list).join(','));

/** An optional list: null, '' and absent read as null. */
const optionalEmailList = z
  .string()
  .max(SCHEME_LIMITS.emailList, FIELD_MESSAGES.maxlength)
  .nullable()
  .optional()
  .transform((list) => (list === undefined || list === null || list.trim() === '' ? null : list))
  .pipe(emailList.nullable());

/**
 * Grouping horizon: months in the past, numeric, at most 2 characters (03 §5). Taken as a
 * number or as the digits the form holds; stored as a number.
 */
const groupingHorizon = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? FIELD_MESSAGES.required
        : SCHEME_FINANCE_MESSAGE.groupingHorizon,
  })
  .transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (text === '') {
      context.addIssue({ code: 'custom', message: FIELD_MESSAGES.required });
      return z.NEVER;
    }
    if (!/^\d+$/.test(text)) {
      context.addIssue({ code: 'custom', message: FIELD_MESSAGES.numOnly });
      return z.NEVER;
    }
    if (text.length > SCHEME_LIMITS.groupingHorizonChars) {
      context.addIssue({ code: 'custom', message: FIELD_MESSAGES.maxlength });
      return z.NEVER;
    }
    return Number(text);
  });

const liabilityShape = {
  programId: recordId,
  emailRecipient: requiredText(SCHEME_LIMITS.emailList).pipe(emailList),
  emailCC: optionalEmailList,
  emailBCC: optionalEmailList,
  // A subject is plain text in a mail header and on the summary: one line, no markup.
  emailSubject: headerText(requiredText(SCHEME_LIMITS.liabilitySubject)).refine(
    noMarkup,
    SCHEME_SERVER_MESSAGE.noMarkup,
  ),
  // Set to 1 on every save (03 §4).
  flActive: flag.optional(),
  frequency: recordId
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  nextExecutionDate: epochSeconds
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  schedulerFunction: recordId
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  groupingHorizon,
  // The client may send the entity back with its links.
  _links: z.unknown().optional(),
};

/** POST and PUT /gift-card/liability: the body names the program. */
export const liabilityBody = z.strictObject(liabilityShape);
export type LiabilityInput = z.infer<typeof liabilityBody>;

export const liabilityQuery = z.object({
  programId: z
    .string()
    .regex(/^\d{1,9}$/, SCHEME_SERVER_MESSAGE.wholeNumber)
    .transform(Number)
    .pipe(z.number().int().min(1, SCHEME_SERVER_MESSAGE.atLeastOne)),
});

// ---------------------------------------------------------------------------------------------
// Base campaign (03 §3, §4, §5 Base campaign)
// ---------------------------------------------------------------------------------------------

/** A scale bound: a whole number on the scale 0..200. */
const scaleValue = z
  .number()
  .int(SCHEME_FINANCE_MESSAGE.scaleValue)
  .min(BASE_CAMPAIGN_SCALE.min, SCHEME_FINANCE_MESSAGE.scaleValue)
  .max(BASE_CAMPAIGN_SCALE.max, SCHEME_FINANCE_MESSAGE.scaleValue);

const scaleRow = z.strictObject({
  min: scaleValue,
  max: scaleValue,
  multiplier: z
    .number()
    .refine((value) => isMoney(value) && value > 0, SCHEME_FINANCE_MESSAGE.multiplier),
});

/** At most one row per scale step: contiguous rows on 0..200 can never be more. */
const MAX_SCALE_ROWS = BASE_CAMPAIGN_SCALE.max - BASE_CAMPAIGN_SCALE.min + 1;

export const baseCampaignBody = z.strictObject({
  programId: recordId,
  actionTypeId: z.literal(Object.values(BASE_CAMPAIGN_ACTION), SCHEME_FINANCE_MESSAGE.actionType),
  actionParameter1: money
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  actionParameter2: money
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  range: z
    .array(scaleRow)
    .max(MAX_SCALE_ROWS, SCHEME_FINANCE_MESSAGE.tooManyRows)
    .nullable()
    .optional()
    .transform((value) => value ?? []),
});
export type BaseCampaignInput = z.infer<typeof baseCampaignBody>;

/** Path parameter `{programId}` of the campaign reads. */
export const programIdParams = z.object({
  programId: z
    .string()
    .regex(/^\d{1,9}$/, SCHEME_SERVER_MESSAGE.wholeNumber)
    .transform(Number)
    .pipe(z.number().int().min(1, SCHEME_SERVER_MESSAGE.atLeastOne)),
});
