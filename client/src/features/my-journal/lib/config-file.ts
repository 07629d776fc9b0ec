import type {
  ExportedJournalPage,
  JournalExportFile,
  JournalPage,
  JournalProfile,
  NewJournalPage,
} from '@contracts/api/journal';
import type { MediaSlotKey } from '@/components/site-builder/media-slots';
import { ImportFileError } from '@/lib/sites/import-flow';
import { withoutMissingImages, type MissingImageSlots } from '@/lib/sites/missing-images';

/**
 * The journal's configuration file (01 §2.10 Export, §3 Import file, §4.3 Config import):
 * `{ profile, pages }`. Export writes the whole profile and every page without profileId,
 * pageId and name; import reads the profile's settings and the pages back onto the chosen
 * program's profile, so an exported file imported again gives an equal site.
 */

/** The page as exported: only the fields that describe it, whatever else the object carries. */
export function exportedPage(page: JournalPage): ExportedJournalPage {
  return {
    pageTypeId: page.pageTypeId,
    enabled: page.enabled,
    title: page.title,
    content: page.content,
    navItem: page.navItem,
  };
}

export function toExportFile(
  profile: JournalProfile,
  pages: readonly JournalPage[],
): JournalExportFile {
  return { profile: { ...profile }, pages: pages.map(exportedPage) };
}

/** The settings an import takes from the file's profile (not its ids, program or publication). */
export interface ImportedSettings {
  title: string | null;
  keywords: string | null;
  description: string | null;
  googleAnalytics: string | null;
  clientWebsite: string | null;
  themeId: number;
  expirationDateCount: number;
  logo: string | null;
  headerImg: string | null;
  favIcon: string | null;
  backgroundImg: string | null;
  cssOverride: string | null;
}

/** An imported page: what is written onto the profile's page of that type. */
export type ImportedPage = Pick<
  JournalPage,
  'pageTypeId' | 'enabled' | 'title' | 'content' | 'navItem'
>;

export interface ImportedConfig {
  /** The file's URL, used when the form has none. */
  siteUrl: string | null;
  settings: ImportedSettings;
  pages: ImportedPage[];
}

/** Why a file is not a journal configuration: shown to the operator under "Failed". */
export const IMPORT_FILE_TEXT = {
  notConfig: 'The file is not a MyJournal configuration: it needs a "profile" and a "pages" list.',
  badField: (where: string, field: string, expected: string) =>
    `The file is not a MyJournal configuration: ${where} "${field}" must be ${expected}.`,
  noSiteUrl: 'Enter the URL first: the file does not hold one.',
  repeatedPage: (index: number, pageTypeId: number) =>
    `The file is not a MyJournal configuration: page ${index} repeats page type ${pageTypeId}.`,
} as const;

/** A file that is not a journal configuration: the builders' shared ImportFileError. */
export { ImportFileError };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const TEXT_FIELDS = [
  'title',
  'keywords',
  'description',
  'googleAnalytics',
  'clientWebsite',
  'logo',
  'headerImg',
  'favIcon',
  'backgroundImg',
  'cssOverride',
] as const;

/** Optional text: missing reads as null; anything but text or null is refused. */
function optionalText(source: Json, field: string, where: string): string | null {
  const value = source[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    throw new ImportFileError(IMPORT_FILE_TEXT.badField(where, field, 'text'));
  }
  return value;
}

function wholeNumber(source: Json, field: string, where: string, otherwise?: number): number {
  const value = source[field];
  if (value === undefined && otherwise !== undefined) return otherwise;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new ImportFileError(IMPORT_FILE_TEXT.badField(where, field, 'a whole number'));
  }
  return value;
}

/** enabled as the wire writes it (0/1) or as editors hold it (true/false, 01 §3). */
function enabledFlag(source: Json, where: string): 0 | 1 {
  const value = source.enabled;
  if (value === 1 || value === true) return 1;
  if (value === 0 || value === false || value === undefined) return 0;
  throw new ImportFileError(IMPORT_FILE_TEXT.badField(where, 'enabled', '0 or 1'));
}

/**
 * Reads parsed JSON as a journal configuration; throws `ImportFileError` naming what is wrong.
 * Values are checked for their type only: the server checks limits and references (images,
 * page types) and its message is shown when it refuses them.
 */
export function parseImportFile(content: unknown): ImportedConfig {
  if (!isObject(content) || !isObject(content.profile) || !Array.isArray(content.pages)) {
    throw new ImportFileError(IMPORT_FILE_TEXT.notConfig);
  }
  const profile = content.profile;
  const where = "the profile's";
  const text = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, optionalText(profile, field, where)]),
  ) as Record<(typeof TEXT_FIELDS)[number], string | null>;
  const settings: ImportedSettings = {
    ...text,
    themeId: wholeNumber(profile, 'themeId', where),
    expirationDateCount: wholeNumber(profile, 'expirationDateCount', where, 0),
  };
  const pages = content.pages.map((page: unknown, index): ImportedPage => {
    const at = `page ${index + 1}'s`;
    if (!isObject(page)) {
      throw new ImportFileError(
        IMPORT_FILE_TEXT.badField(`page ${index + 1}`, 'page', 'an object'),
      );
    }
    return {
      pageTypeId: wholeNumber(page, 'pageTypeId', at),
      enabled: enabledFlag(page, at),
      title: optionalText(page, 'title', at),
      content: optionalText(page, 'content', at),
      navItem: optionalText(page, 'navItem', at),
    };
  });
  // A profile has one page per type (01 §4.3): a second one has nowhere to go. One pass with a
  // set of the types seen, so a file of hundreds of thousands of pages is checked at once.
  const seen = new Set<number>();
  pages.forEach((page, index) => {
    if (seen.has(page.pageTypeId)) {
      throw new ImportFileError(IMPORT_FILE_TEXT.repeatedPage(index + 1, page.pageTypeId));
    }
    seen.add(page.pageTypeId);
  });
  return { siteUrl: optionalText(profile, 'siteUrl', where), settings, pages };
}

/** The profile's image field of each media slot (01 §3); the values are image ids (01 §7.3). */
export const JOURNAL_IMAGE_FIELDS = {
  headerLogo: 'headerImg',
  logo: 'logo',
  favicon: 'favIcon',
  background: 'backgroundImg',
} as const satisfies Readonly<Record<MediaSlotKey, keyof ImportedSettings>>;

/**
 * The configuration with each image the server no longer holds replaced by the image `current`
 * (the profile imported over, null for a new one) has in that slot, else left empty, and those
 * slots' labels (lib/sites/missing-images.ts). A field holds the image's id.
 */
export async function withoutMissingJournalImages(
  config: ImportedConfig,
  current: JournalProfile | null,
  isStored: (id: string) => Promise<boolean>,
): Promise<{ config: ImportedConfig } & MissingImageSlots> {
  const { settings, ...slots } = await withoutMissingImages(
    config.settings,
    JOURNAL_IMAGE_FIELDS,
    (id) => id,
    isStored,
    current,
  );
  return { config: { ...config, settings }, ...slots };
}

export type ImportPageCall =
  { kind: 'update'; page: JournalPage } | { kind: 'create'; page: NewJournalPage };

/**
 * The page calls of an import, in the file's order: the profile's page of each type is updated
 * with the imported fields, or created when the profile has none.
 */
export function planImportPages(
  imported: readonly ImportedPage[],
  existing: readonly JournalPage[],
  profileId: number,
): ImportPageCall[] {
  // The profile's page of each type (the first, should there be two), found without a scan.
  const byType = new Map<number, JournalPage>();
  for (const page of existing) {
    if (!byType.has(page.pageTypeId)) byType.set(page.pageTypeId, page);
  }
  return imported.map((page) => {
    const current = byType.get(page.pageTypeId);
    return current
      ? { kind: 'update', page: { ...current, ...page } }
      : { kind: 'create', page: { ...page, profileId } };
  });
}
