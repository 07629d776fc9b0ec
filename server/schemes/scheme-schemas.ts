/**
 * Input schemas of the client, scheme, configuration and BIN calls (03 §3, §5, §7, §9). Shape,
 * type, length and character-class rules only, with the shared predicates of
 * contracts/validation/rules.ts and the field messages of 03 §5; rules that need the stored data
 * (existing country, state, transaction methods, BINs; unique suffixes) are in scheme-rules.ts.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { pageQuery } from '../http/pagination';
import { hasText, lineText, oneLine, requiredLine, text } from '../http/text';
import {
  BIN_NUMBER_LENGTH,
  BIN_TYPE,
  MONEY,
  PROGRAM_TYPE,
  SCHEME_LIMITS,
  SCHEME_SERVER_MESSAGE as MESSAGE,
} from '@contracts/api/schemes';
import {
  isAlpha,
  isAlphaNumSpace,
  isEmail,
  isNumeric,
  isUrl,
  roundDecimal,
} from '@contracts/validation/rules';

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** A record id in a JSON body. */
export const recordId = z.number().int(MESSAGE.wholeNumber).min(1, MESSAGE.atLeastOne);

const flag = z.literal([0, 1], MESSAGE.flag);

/** Optional one-line text: null, '' and a missing field are all stored as null. */
const optionalText = (max: number) =>
  lineText(max)
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

/** Free text without a character class: no `<` or `>` (no markup can be stored). */
export const noMarkup = (text: string): boolean => !/[<>]/.test(text);

/** Letters, digits and spaces (03 §5), as the form checks them. */
const alphaNumSpace = (schema: z.ZodString) =>
  schema.refine(isAlphaNumSpace, FIELD_MESSAGES.alphaNumOnly);

/** 0.00 to 9999.99 with at most two decimals (03 §5, §9). */
const money = z
  .number()
  .min(MONEY.min, MESSAGE.money)
  .max(MONEY.max, MESSAGE.money)
  .refine((value) => Number(roundDecimal(value, MONEY.decimals)) === value, MESSAGE.money);

/** Whole card count, at most 15 digits (03 §5); null when no cards are asked for. */
const cardCount = z
  .number()
  .int(MESSAGE.wholeNumber)
  .min(0, MESSAGE.wholeNumber)
  .max(10 ** SCHEME_LIMITS.cardCountDigits - 1, FIELD_MESSAGES.maxlength)
  .nullish()
  .transform((value) => value ?? null);

/** A suffix: digits (its exact length is the BIN's, checked with the data); '' reads as null. */
const suffix = z
  .string()
  .max(SCHEME_LIMITS.configBinText.max, FIELD_MESSAGES.maxlength)
  .refine(isNumeric, FIELD_MESSAGES.numOnly)
  .nullish()
  .transform((value) => (value === '' || value === undefined ? null : value));

/** Accepted (the client sends the entity back) but set by the server. */
const serverOwned = z.number().nullish();

// ---------------------------------------------------------------------------------------------
// Query strings
// ---------------------------------------------------------------------------------------------

const trueFalse = z.enum(['true', 'false'], MESSAGE.returnBody).optional();
export const returnBodyQuery = z.object({ returnBody: trueFalse });
export const responseBodyQuery = z.object({ responseBody: trueFalse });
export const isTrue = (value: 'true' | 'false' | undefined) => value === 'true';

// ---------------------------------------------------------------------------------------------
// Client (03 §3, §5 Client Setup)
// ---------------------------------------------------------------------------------------------

const binNumberText = z.string().max(BIN_NUMBER_LENGTH[BIN_TYPE.LOCAL], FIELD_MESSAGES.maxlength);

/**
 * POST /gift-card/clients and PUT /gift-card/clients/{id}. BIN number, name and country are
 * required by BIN type and stored as null where the type does not use them.
 */
export const clientBody = z
  .strictObject({
    clientId: recordId.nullish(),
    clientName: requiredLine(SCHEME_LIMITS.clientName).refine(noMarkup, MESSAGE.noMarkup),
    binTypeId: z.literal([BIN_TYPE.TRANSACTOR, BIN_TYPE.INTERNATIONAL, BIN_TYPE.LOCAL], {
      error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : MESSAGE.binType),
    }),
    binNumber: binNumberText.nullish(),
    binName: lineText(SCHEME_LIMITS.binName).refine(noMarkup, MESSAGE.noMarkup).nullish(),
    binCountryId: recordId.nullish(),
  })
  .superRefine((client, ctx) => {
    if (client.binTypeId === BIN_TYPE.TRANSACTOR) return;
    const length = BIN_NUMBER_LENGTH[client.binTypeId];
    const binNumber = client.binNumber ?? '';
    if (!hasText(binNumber)) {
      ctx.addIssue({ code: 'custom', path: ['binNumber'], message: FIELD_MESSAGES.required });
    } else if (!isNumeric(binNumber)) {
      ctx.addIssue({ code: 'custom', path: ['binNumber'], message: FIELD_MESSAGES.numOnly });
    } else if (binNumber.length !== length) {
      ctx.addIssue({
        code: 'custom',
        path: ['binNumber'],
        message: MESSAGE.binNumberLength(length),
      });
    }
    if (!hasText(client.binName ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['binName'], message: FIELD_MESSAGES.required });
    }
    if (client.binTypeId === BIN_TYPE.LOCAL && client.binCountryId == null) {
      ctx.addIssue({ code: 'custom', path: ['binCountryId'], message: FIELD_MESSAGES.required });
    }
  })
  .transform((client) => {
    const own = client.binTypeId !== BIN_TYPE.TRANSACTOR;
    return {
      clientName: client.clientName,
      binTypeId: client.binTypeId,
      binNumber: own ? (client.binNumber ?? null) : null,
      binName: own ? (client.binName ?? null) : null,
      binCountryId: client.binTypeId === BIN_TYPE.LOCAL ? (client.binCountryId ?? null) : null,
    };
  });
export type ClientInputParsed = z.infer<typeof clientBody>;

// ---------------------------------------------------------------------------------------------
// Scheme (03 §3, §5 General)
// ---------------------------------------------------------------------------------------------

const programTypeId = z.literal([PROGRAM_TYPE.GIFT, PROGRAM_TYPE.LOYALTY], {
  error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : MESSAGE.programType),
});

const addressLine = alphaNumSpace(
  oneLine(z.string().max(SCHEME_LIMITS.addressLine, FIELD_MESSAGES.maxlength)),
);
const addressPart = (max: number) =>
  alphaNumSpace(oneLine(z.string().max(max, FIELD_MESSAGES.maxlength)))
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

const password = z.string().max(SCHEME_LIMITS.password, FIELD_MESSAGES.maxlength);

const schemeShape = {
  programId: serverOwned,
  programTypeId,
  clientId: recordId,
  // Sent back as the form shows it; the scheme takes its client's name from the client record,
  // so the text is not held to the one-line rule here (a client named before it still saves).
  clientName: text(SCHEME_LIMITS.clientName).nullish(),
  schemeName: alphaNumSpace(requiredLine(SCHEME_LIMITS.schemeName)),
  schemeShortName: requiredLine(SCHEME_LIMITS.shortName).refine(isAlpha, FIELD_MESSAGES.alphaOnly),
  schemeAbbreviation: requiredLine(SCHEME_LIMITS.abbreviation).refine(
    isAlpha,
    FIELD_MESSAGES.alphaOnly,
  ),
  poweruserLogin: requiredLine(SCHEME_LIMITS.poweruserLogin).refine(noMarkup, MESSAGE.noMarkup),
  poweruserPassword: password.nullish(),
  poweruserPasswordRepeat: password.nullish(),
  buttonImgUrl: optionalText(SCHEME_LIMITS.imageRef),
  logoImgUrl: optionalText(SCHEME_LIMITS.imageRef),
  address1: addressLine
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value)),
  address2: addressPart(SCHEME_LIMITS.addressLine),
  address3: addressPart(SCHEME_LIMITS.addressLine),
  address4: addressPart(SCHEME_LIMITS.addressLine),
  suburb: addressPart(SCHEME_LIMITS.suburb),
  city: addressPart(SCHEME_LIMITS.city),
  postcode: addressPart(SCHEME_LIMITS.postcode),
  countryId: recordId,
  stateId: recordId.nullish().transform((value) => value ?? null),
  email: requiredLine(SCHEME_LIMITS.email).refine(isEmail, FIELD_MESSAGES.email),
  website: optionalText(SCHEME_LIMITS.website)
    .refine((value) => value === null || isUrl(value), FIELD_MESSAGES.url)
    .refine((value) => value === null || noMarkup(value), MESSAGE.noMarkup),
  mobile: requiredLine(SCHEME_LIMITS.mobile).refine(isNumeric, FIELD_MESSAGES.numOnly),
  landline: requiredLine(SCHEME_LIMITS.landline).refine(isNumeric, FIELD_MESSAGES.numOnly),
  transactionMethodsStr: z
    .string()
    .max(200, FIELD_MESSAGES.maxlength)
    .refine((value) => value.trim() !== '', MESSAGE.transactionMethods)
    .refine((value) => /^\d{1,9}(?:,\d{1,9})*$/.test(value), MESSAGE.transactionMethodsFormat),
  schemeStatus: serverOwned,
  reviewSentAt: serverOwned,
};

/**
 * The password and its repeat: required on create; on update both may be left out (null or '')
 * to keep the stored one. When one is given both must be, and equal (areEqual on the repeat);
 * white space only reads "This field is required", as in the form.
 */
function passwordRule(requirePassword: boolean) {
  return (
    scheme: { poweruserPassword?: string | null; poweruserPasswordRepeat?: string | null },
    ctx: z.core.$RefinementCtx,
  ) => {
    const given = scheme.poweruserPassword ?? '';
    const repeat = scheme.poweruserPasswordRepeat ?? '';
    if (given === '' && repeat === '' && !requirePassword) return;
    if (!hasText(given)) {
      ctx.addIssue({
        code: 'custom',
        path: ['poweruserPassword'],
        message: FIELD_MESSAGES.required,
      });
    } else if (!hasText(repeat)) {
      ctx.addIssue({
        code: 'custom',
        path: ['poweruserPasswordRepeat'],
        message: FIELD_MESSAGES.required,
      });
    } else if (given !== repeat) {
      ctx.addIssue({
        code: 'custom',
        path: ['poweruserPasswordRepeat'],
        message: FIELD_MESSAGES.areEqual,
      });
    }
  };
}

export const newSchemeBody = z.strictObject(schemeShape).superRefine(passwordRule(true));
export const schemeUpdateBody = z.strictObject(schemeShape).superRefine(passwordRule(false));
export type SchemeInputParsed = z.infer<typeof newSchemeBody>;

export const schemeListQuery = pageQuery.extend({
  programTypeId: z
    .enum([String(PROGRAM_TYPE.GIFT), String(PROGRAM_TYPE.LOYALTY)], MESSAGE.programType)
    .transform(Number)
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// Configuration (03 §3, §5 Configuration)
// ---------------------------------------------------------------------------------------------

const configCommon = {
  programId: recordId,
  expiryExtend: flag,
  expiryFrom: recordId,
  expiryTerm: recordId,
  redeemMin: money,
  redeemMax: money,
  merchantRedeem: flag,
  liveCardBinId: recordId,
  suffixLength: serverOwned,
  suffixStand: suffix,
  suffixVirtual: suffix,
  numberStandCards: cardCount,
  schemeStatus: serverOwned,
};

type Issue = { path: string; message: string };

/** min under max (minOverMax on the min field). */
function minUnderMax(min: number, max: number, minField: string): Issue[] {
  return min < max ? [] : [{ path: minField, message: FIELD_MESSAGES.minOverMax }];
}
/** value not over the limit (transOverLimit on the value's field). */
function notOver(value: number, limit: number, field: string): Issue[] {
  return value <= limit ? [] : [{ path: field, message: FIELD_MESSAGES.transOverLimit }];
}
function report(issues: Issue[], ctx: z.core.$RefinementCtx): void {
  for (const issue of issues) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
}
/** A card count needs its ticked suffix. */
function countNeedsSuffix(
  count: number | null,
  suffixValue: string | null,
  field: string,
): Issue[] {
  return count !== null && count > 0 && suffixValue === null
    ? [{ path: field, message: MESSAGE.cardCountWithoutSuffix }]
    : [];
}

const giftConfig = z
  .strictObject({
    ...configCommon,
    programTypeId: z.literal(PROGRAM_TYPE.GIFT),
    creditMin: money,
    creditMax: money,
    topupMin: money,
    topupMax: money,
    multiTopup: flag,
    merchantTopup: flag,
    suffixBulk: suffix,
    numberBulkCards: cardCount,
  })
  .superRefine((config, ctx) => {
    report(
      [
        ...minUnderMax(config.creditMin, config.creditMax, 'creditMin'),
        ...minUnderMax(config.topupMin, config.topupMax, 'topupMin'),
        ...minUnderMax(config.redeemMin, config.redeemMax, 'redeemMin'),
        ...notOver(config.topupMax, config.creditMax, 'topupMax'),
        ...notOver(config.redeemMax, config.creditMax, 'redeemMax'),
        ...countNeedsSuffix(config.numberStandCards, config.suffixStand, 'numberStandCards'),
        ...countNeedsSuffix(config.numberBulkCards, config.suffixBulk, 'numberBulkCards'),
      ],
      ctx,
    );
  });

const loyaltyConfig = z
  .strictObject({
    ...configCommon,
    programTypeId: z.literal(PROGRAM_TYPE.LOYALTY),
    loyaltyBalanceMin: money,
    loyaltyBalanceMax: money,
    merchantLoyaltyRedeem: flag,
  })
  .superRefine((config, ctx) => {
    report(
      [
        ...minUnderMax(config.loyaltyBalanceMin, config.loyaltyBalanceMax, 'loyaltyBalanceMin'),
        ...minUnderMax(config.redeemMin, config.redeemMax, 'redeemMin'),
        ...notOver(config.redeemMax, config.loyaltyBalanceMax, 'redeemMax'),
        ...countNeedsSuffix(config.numberStandCards, config.suffixStand, 'numberStandCards'),
      ],
      ctx,
    );
  });

/** POST /gift-card/configurations and PUT /gift-card/configurations/{id}: by programTypeId. */
export const configBody = z.discriminatedUnion('programTypeId', [giftConfig, loyaltyConfig], {
  error: (issue) =>
    (issue.input as { programTypeId?: unknown } | undefined)?.programTypeId === undefined
      ? FIELD_MESSAGES.required
      : MESSAGE.programType,
});
export type ConfigInputParsed = z.infer<typeof configBody>;

// ---------------------------------------------------------------------------------------------
// Card BINs
// ---------------------------------------------------------------------------------------------

/** GET /gift-card/bins: every BIN; `?flInternal=1` gives the master (internal) BINs only. */
export const binListQuery = pageQuery.extend({
  flInternal: z.enum(['0', '1'], MESSAGE.flag).transform(Number).optional(),
});
