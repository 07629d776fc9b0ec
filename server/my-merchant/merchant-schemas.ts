/**
 * Input schemas of the merchant calls (02 §3, §5, §7, §9). Shape and type rules only; rules that
 * need the stored data (existing program, language, page types, profiles; unique URLs) are in
 * merchant-rules.ts. Limits and messages come from contracts, so client and server agree.
 */
import { z } from 'zod';
import {
  MERCHANT_LIMITS,
  MERCHANT_MEDIA_SLOTS,
  MERCHANT_THEME,
  type MerchantProfile,
} from '@contracts/api/merchant';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { lineText, requiredLine, text } from '../http/text';
import { JOURNAL_INPUT_MESSAGE, recordId, siteUrlSchema } from '../my-journal/journal-schemas';

/** Texts of the merchant's own validation answers (the field name is put in front). */
export const MERCHANT_INPUT_MESSAGE = {
  flag: JOURNAL_INPUT_MESSAGE.flag,
  theme: `Must be ${MERCHANT_THEME.LIGHT} (light) or ${MERCHANT_THEME.DARK} (dark)`,
  urlRequired: 'liveURL or testURL is required',
  filename: `Must be one of ${MERCHANT_MEDIA_SLOTS.join(', ')}`,
  profileLocationId: 'Must be 0',
  creationDate: 'Must be a time in milliseconds',
} as const;

const flag = z.literal([0, 1], MERCHANT_INPUT_MESSAGE.flag);

/** '' reads as null (a cleared field). */
const emptyAsNull = <T extends z.ZodType<string | null>>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema);

/** liveURL / testURL: the journal's siteUrl rule (4-32 URL-safe characters), or null. */
const siteUrl = emptyAsNull(siteUrlSchema.nullable());

const siteTitle = requiredLine(MERCHANT_LIMITS.siteTitle.max, MERCHANT_LIMITS.siteTitle.min);

/** An image path: a link set by the media upload (checked against the images), or null. */
const IMAGE_PATH_MAX = 200;
const imagePath = emptyAsNull(lineText(IMAGE_PATH_MAX).nullable());

/**
 * Every MerchantProfile field, so the whole profile the client holds can be sent back (02 §7:
 * "same payload or full profile"). `id` is accepted and ignored (the path names the profile);
 * `secundaryLanguageId` is accepted as a number or null and always stored as null (02 §5).
 */
const profileShape = {
  id: recordId,
  programId: recordId,
  liveURL: siteUrl,
  testURL: siteUrl,
  primaryLanguageId: recordId,
  secundaryLanguageId: recordId.nullable(),
  siteThemeId: z.literal([MERCHANT_THEME.LIGHT, MERCHANT_THEME.DARK], {
    // Step 1's hidden required field (02 §5): missing reads as required, not as a wrong theme.
    error: (issue) =>
      issue.input === undefined ? FIELD_MESSAGES.required : MERCHANT_INPUT_MESSAGE.theme,
  }),
  overrideCSS: text(MERCHANT_LIMITS.overrideCSS).nullable(),
  siteTitle: siteTitle.nullable(),
  // Multi-line, as the journal's site description (a textarea); no step edits it (02 §2).
  description: text(MERCHANT_LIMITS.description).nullable(),
  siteKeywords: lineText(MERCHANT_LIMITS.siteKeywords).nullable(),
  analyticsTrackingCode: text(MERCHANT_LIMITS.analyticsTrackingCode).nullable(),
  headerLogoPath: imagePath,
  logoPath: imagePath,
  faviconPath: imagePath,
  backgroundPath: imagePath,
  moduleCode: emptyAsNull(lineText(64).nullable()),
  publishLive: flag,
  publishTest: flag,
} satisfies Record<keyof MerchantProfile, z.ZodType>;

/** POST profile: program, primary language and theme required; a URL is checked by the rules. */
export const newMerchantProfileBody = z.strictObject(profileShape).partial().extend({
  programId: profileShape.programId,
  primaryLanguageId: profileShape.primaryLanguageId,
  siteThemeId: profileShape.siteThemeId,
});
export type NewMerchantProfileInput = z.infer<typeof newMerchantProfileBody>;

/** PUT profile/{id}: fields sent replace the stored ones; fields left out stay. */
export const merchantProfileUpdateBody = z.strictObject(profileShape).partial();

export const siteSettingsBody = z.strictObject({
  id: recordId,
  siteTitle,
  analyticsTrackingCode: profileShape.analyticsTrackingCode.optional(),
});

export const selectedPageTypesBody = z.strictObject({
  profileId: recordId,
  pageTypes: z.array(
    z.strictObject({
      typeId: recordId,
      navItem: requiredLine(MERCHANT_LIMITS.navItem),
      title: requiredLine(MERCHANT_LIMITS.pageTitle),
      content: text(MERCHANT_LIMITS.pageContent).nullable().optional(),
    }),
  ),
});

export const selectedPageSubTypesBody = z.strictObject({
  profileId: recordId,
  pageSubtypes: z.array(z.strictObject({ subtypeId: recordId, pageTypeFk: recordId })),
});

const CODE_MAX = 64;
const NAME_MAX = 200;
export const merchantModuleCodeBody = z.strictObject({
  name: requiredLine(NAME_MAX),
  code: requiredLine(CODE_MAX),
  programId: recordId,
});

export const publishBody = z.strictObject({
  creationDate: z
    .number(MERCHANT_INPUT_MESSAGE.creationDate)
    .int(MERCHANT_INPUT_MESSAGE.creationDate)
    .min(0, MERCHANT_INPUT_MESSAGE.creationDate),
  programId: recordId,
  profileId: recordId,
  profileLocationId: z.literal(0, MERCHANT_INPUT_MESSAGE.profileLocationId),
});

export const mediaQuery = z.object({
  filename: z.enum(MERCHANT_MEDIA_SLOTS, MERCHANT_INPUT_MESSAGE.filename),
});
