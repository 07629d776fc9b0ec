/**
 * Input schemas of the journal calls (01 §3, §5.1, §7.3, §9). Shape and type rules only; rules
 * that need the stored data (existing program, image, page type; unique siteUrl) are in
 * journal-rules.ts. Limits and messages come from contracts, so client and server agree.
 */
import { z } from 'zod';
import {
  EXPIRATION_DATE_COUNT_IDS,
  JOURNAL_LIMITS,
  SITE_URL_CHARACTERS_MESSAGE,
  SITE_URL_PATTERN,
  THEME,
  type JournalPage,
  type JournalProfile,
} from '@contracts/api/journal';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { isUrl } from '@contracts/validation/rules';
import { lineText, oneLine, requiredLine, requiredText, text } from '../http/text';

/** Texts of the journal's own validation answers (the field name is put in front). */
export const JOURNAL_INPUT_MESSAGE = {
  wholeNumber: 'Must be a whole number',
  atLeastOne: 'Must be at least 1',
  flag: 'Must be 0 or 1',
  enabled: 'Must be 0, 1, true or false',
  theme: `Must be ${THEME.LIGHT} (light) or ${THEME.DARK} (dark)`,
  expirationDateCount: `Must be one of ${EXPIRATION_DATE_COUNT_IDS.join(', ')}`,
  siteUrlCharacters: SITE_URL_CHARACTERS_MESSAGE,
  returnBody: 'Must be true or false',
} as const;

/** Caps on ids and codes the spec leaves open: long enough for any real value. */
const IMAGE_ID_MAX = 64;
const MODULE_CODE_MAX = 64;

/** A record id in a JSON body. */
export const recordId = z
  .number()
  .int(JOURNAL_INPUT_MESSAGE.wholeNumber)
  .min(1, JOURNAL_INPUT_MESSAGE.atLeastOne);

const flag = z.literal([0, 1], JOURNAL_INPUT_MESSAGE.flag);

export const siteUrlSchema = z
  .string()
  // min(1) first so an empty value reads "This field is required" (the shared message).
  .min(1)
  .min(JOURNAL_LIMITS.siteUrl.min, FIELD_MESSAGES.minlength)
  .max(JOURNAL_LIMITS.siteUrl.max, FIELD_MESSAGES.maxlength)
  .regex(SITE_URL_PATTERN, JOURNAL_INPUT_MESSAGE.siteUrlCharacters);

/** An image slot: the id of an uploaded image, or null. '' reads as null (a cleared slot). */
const imageRef = oneLine(z.string().max(IMAGE_ID_MAX, FIELD_MESSAGES.maxlength))
  .nullable()
  .transform((value) => (value === '' ? null : value));

/**
 * Every JournalProfile field, so the whole profile the client holds can be sent back (01 §7.3:
 * PUT sends the whole profile). profileId and creationDate are accepted but never taken from
 * the body: the server sets them. The step 2 inputs are one line; the description, the tracking
 * code and the CSS override are multi-line (textareas).
 */
const profileShape = {
  profileId: recordId,
  programId: recordId,
  creationDate: z.string().max(40, FIELD_MESSAGES.maxlength),
  isPublished: flag,
  // Site Title (01 §5.1: required, 2 to 100 characters); null until step 2 sets it.
  title: requiredLine(JOURNAL_LIMITS.title.max, JOURNAL_LIMITS.title.min).nullable(),
  keywords: lineText(JOURNAL_LIMITS.keywords).nullable(),
  // Site Description (01 §5.1: required); null until step 2 sets it, as the title.
  description: requiredText(JOURNAL_LIMITS.description).nullable(),
  googleAnalytics: text(JOURNAL_LIMITS.googleAnalytics).nullable(),
  // The shared URL check and message, as the step 2 form applies them ('' passes: no address).
  clientWebsite: lineText(JOURNAL_LIMITS.clientWebsite)
    .refine((value) => value === '' || isUrl(value), FIELD_MESSAGES.url)
    .nullable(),
  siteUrl: siteUrlSchema,
  themeId: z.literal([THEME.LIGHT, THEME.DARK], JOURNAL_INPUT_MESSAGE.theme),
  expirationDateCount: z
    .number()
    .refine(
      (days) => EXPIRATION_DATE_COUNT_IDS.includes(days),
      JOURNAL_INPUT_MESSAGE.expirationDateCount,
    ),
  location: flag,
  moduleCode: lineText(MODULE_CODE_MAX).nullable(),
  moduleCodeId: recordId.nullable(),
  logo: imageRef,
  headerImg: imageRef,
  favIcon: imageRef,
  backgroundImg: imageRef,
  cssOverride: text(JOURNAL_LIMITS.cssOverride).nullable(),
} satisfies Record<keyof JournalProfile, z.ZodType>;

/** The image slots of a profile, checked against the uploaded images. */
export const PROFILE_IMAGE_FIELDS = ['logo', 'headerImg', 'favIcon', 'backgroundImg'] as const;

/** POST /myjournal/profiles: programId and siteUrl are required; everything else is optional. */
export const newProfileBody = z
  .strictObject(profileShape)
  .partial()
  .extend({ programId: profileShape.programId, siteUrl: profileShape.siteUrl });
export type NewProfileInput = z.infer<typeof newProfileBody>;

/** PUT /myjournal/profiles/{id}: fields sent replace the stored ones; fields left out stay. */
export const profileUpdateBody = z.strictObject(profileShape).partial();

/** enabled is 0/1 on the wire; editors hold a boolean (01 §3), so true/false are taken as 1/0. */
const enabledSchema = z
  .union([flag, z.boolean()], JOURNAL_INPUT_MESSAGE.enabled)
  .transform((value): 0 | 1 => (value === true || value === 1 ? 1 : 0));

/** Every JournalPage field; pageId is accepted (import files carry it) but the server sets it. */
const pageShape = {
  pageId: recordId,
  pageTypeId: recordId,
  profileId: recordId,
  enabled: enabledSchema,
  title: lineText(JOURNAL_LIMITS.pageTitle).nullable(),
  // Rich text (01 §3): multi-line.
  content: text(JOURNAL_LIMITS.pageContent).nullable(),
  navItem: lineText(JOURNAL_LIMITS.navItem).nullable(),
} satisfies Record<keyof JournalPage, z.ZodType>;

/** POST /myjournal/pages: pageTypeId and profileId are required. */
export const newPageBody = z
  .strictObject(pageShape)
  .partial()
  .extend({ pageTypeId: pageShape.pageTypeId, profileId: pageShape.profileId });

/** PUT /myjournal/pages/{pageId}: like a profile update; pageTypeId and profileId must not change. */
export const pageUpdateBody = z.strictObject(pageShape).partial();

export const deploymentBody = z.strictObject({ profileId: recordId });

/** `?returnBody=true` answers with the stored entity; without it, with its id. */
export const returnBodyParam = z
  .enum(['true', 'false'], JOURNAL_INPUT_MESSAGE.returnBody)
  .optional();
export const returnBodyQuery = z.object({ returnBody: returnBodyParam });
export const wantsBody = (query: { returnBody?: 'true' | 'false' | undefined }) =>
  query.returnBody === 'true';
