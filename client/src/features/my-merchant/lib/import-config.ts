import { URL_PATHS } from '@contracts/api/paths';
import {
  MERCHANT_MEDIA_FIELD,
  MERCHANT_THEME,
  type MerchantExportFile,
  type MerchantExportPage,
  type MerchantIdAnswer,
  type MerchantPageType,
  type MerchantProfile,
  type MerchantProgram,
  type NewMerchantProfile,
  type SelectedPageSubType,
  type SelectedPageSubTypes,
  type SelectedPageType,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import type { MerchantProfileSave } from '../api/merchant-api';
import { ImportFailed, ImportFileError } from '@/lib/sites/import-flow';
import { withoutMissingImages, type MissingImageSlots } from '@/lib/sites/missing-images';

/**
 * The merchant's configuration file (02 §2 Step 6 "Export", §3 "Import file", §4 "Import
 * config"): `{ program, profile, pages }`. Export writes the program, the whole profile and the
 * selected pages (pageTypeId, pageId, enabled, plus their texts and sub-page types); import
 * creates the profile (or updates the one being edited) with the file's settings, then its pages
 * and, after the pages' answer, their sub-pages: an exported site imported again is equal.
 */

// ------------------------------------------------------------------------------------- export

export function toMerchantExportFile(
  program: MerchantProgram,
  profile: MerchantProfile,
  pages: readonly SelectedPageType[],
  subPages: readonly SelectedPageSubType[],
): MerchantExportFile {
  return {
    program: { ...program },
    profile: { ...profile },
    pages: pages.map((page) => ({
      pageTypeId: page.typeId,
      pageId: page.typeId,
      enabled: 1,
      navItem: page.navItem,
      title: page.title,
      content: page.content,
      subtypeIds: subPages
        .filter((sub) => sub.pageTypeFk === page.typeId)
        .map((sub) => sub.subtypeId),
    })),
  };
}

// ------------------------------------------------------------------------------------- import

/** The profile's settings an import takes (not its id, program, module code or publication). */
export type ImportedMerchantSettings = Pick<
  MerchantProfile,
  | 'primaryLanguageId'
  | 'siteThemeId'
  | 'overrideCSS'
  | 'siteTitle'
  | 'description'
  | 'siteKeywords'
  | 'analyticsTrackingCode'
  | 'headerLogoPath'
  | 'logoPath'
  | 'faviconPath'
  | 'backgroundPath'
>;

export interface ImportedMerchantPage {
  typeId: number;
  navItem: string | null;
  title: string | null;
  content: string | null;
  subtypeIds: number[];
}

export interface ImportedMerchantConfig {
  /** The file's program id: used when the form has none chosen. */
  programId: number;
  liveURL: string | null;
  testURL: string | null;
  settings: ImportedMerchantSettings;
  /** The enabled pages; null when the file has no page list (the profile's pages stay). */
  pages: ImportedMerchantPage[] | null;
}

/** Why a file is not a merchant configuration (not in the spec): shown under "Failed". */
export const MERCHANT_IMPORT_TEXT = {
  notConfig: 'The file is not a MyMerchant configuration: it needs a "program" and a "profile".',
  badField: (where: string, field: string, expected: string) =>
    `The file is not a MyMerchant configuration: ${where} "${field}" must be ${expected}.`,
  noUrl: 'Enter the URL first: the file does not hold one.',
} as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bad = (where: string, field: string, expected: string) =>
  new ImportFileError(MERCHANT_IMPORT_TEXT.badField(where, field, expected));

function text(source: Json, field: string, where: string): string | null {
  const value = source[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw bad(where, field, 'text');
  return value;
}

function whole(source: Json, field: string, where: string): number {
  const value = source[field];
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw bad(where, field, 'a whole number');
  }
  return value;
}

const isEnabled = (page: Json): boolean => page.enabled === 1 || page.enabled === true;

function readPage(page: unknown, index: number): ImportedMerchantPage | null {
  const where = `page ${index + 1}'s`;
  if (!isObject(page)) throw bad(`page ${index + 1}`, 'page', 'an object');
  const typeId = whole(page, 'pageTypeId', where);
  if (!isEnabled(page)) return null;
  const subtypeIds = page.subtypeIds ?? [];
  if (!Array.isArray(subtypeIds) || !subtypeIds.every((id) => Number.isInteger(id))) {
    throw bad(where, 'subtypeIds', 'a list of whole numbers');
  }
  return {
    typeId,
    navItem: text(page, 'navItem', where),
    title: text(page, 'title', where),
    content: text(page, 'content', where),
    subtypeIds: subtypeIds as number[],
  };
}

/**
 * Reads parsed JSON as a merchant configuration; throws ImportFileError naming what is wrong.
 * Values are checked for their type only: the server checks limits and references (languages,
 * page types, image links) and its message is shown when it refuses them.
 */
export function parseMerchantImportFile(content: unknown): ImportedMerchantConfig {
  if (!isObject(content) || !isObject(content.program) || !isObject(content.profile)) {
    throw new ImportFileError(MERCHANT_IMPORT_TEXT.notConfig);
  }
  const profile = content.profile;
  const where = "the profile's";
  const theme = whole(profile, 'siteThemeId', where);
  if (theme !== MERCHANT_THEME.LIGHT && theme !== MERCHANT_THEME.DARK) {
    throw bad(where, 'siteThemeId', '1 or 2');
  }
  if (content.pages !== undefined && !Array.isArray(content.pages)) {
    throw bad('the file', 'pages', 'a list');
  }
  const pages = content.pages?.map(readPage).filter((page) => page !== null) ?? null;
  return {
    programId: whole(content.program, 'id', "the program's"),
    liveURL: text(profile, 'liveURL', where),
    testURL: text(profile, 'testURL', where),
    settings: {
      primaryLanguageId: whole(profile, 'primaryLanguageId', where),
      siteThemeId: theme,
      overrideCSS: text(profile, 'overrideCSS', where),
      siteTitle: text(profile, 'siteTitle', where),
      description: text(profile, 'description', where),
      siteKeywords: text(profile, 'siteKeywords', where),
      analyticsTrackingCode: text(profile, 'analyticsTrackingCode', where),
      headerLogoPath: text(profile, 'headerLogoPath', where),
      logoPath: text(profile, 'logoPath', where),
      faviconPath: text(profile, 'faviconPath', where),
      backgroundPath: text(profile, 'backgroundPath', where),
    },
    pages,
  };
}

/** The image id of a media path as the server stores it (`/images/{id}.png`), else null. */
function imageIdOfPath(path: string): string | null {
  const id = path.slice(`${URL_PATHS.images}/`.length, -'.png'.length);
  return URL_PATHS.image(id) === path ? id : null;
}

/**
 * The configuration with each image the server no longer holds replaced by the image `current`
 * (the profile imported over, null for a new one) has in that slot, else left empty, and those
 * slots' labels (lib/sites/missing-images.ts). A field holds the image's path,
 * `/images/{id}.png`.
 */
export async function withoutMissingMerchantImages(
  config: ImportedMerchantConfig,
  current: MerchantProfile | null,
  isStored: (id: string) => Promise<boolean>,
): Promise<{ config: ImportedMerchantConfig } & MissingImageSlots> {
  const { settings, ...slots } = await withoutMissingImages(
    config.settings,
    MERCHANT_MEDIA_FIELD,
    imageIdOfPath,
    isStored,
    current,
  );
  return { config: { ...config, settings }, ...slots };
}

/** The merchant calls an import makes (injected: the hook passes the endpoints). */
export interface MerchantImportCalls {
  createProfile(profile: NewMerchantProfile): Promise<MerchantIdAnswer>;
  updateProfile(profile: MerchantProfileSave): Promise<unknown>;
  loadPageTypes(): Promise<MerchantPageType[]>;
  savePages(selection: SelectedPageTypes): Promise<unknown>;
  saveSubPages(selection: SelectedPageSubTypes): Promise<unknown>;
}

export interface MerchantImportTarget {
  config: ImportedMerchantConfig;
  /** The program chosen on the form, else the file's. */
  programId: number | null;
  /** The form's URL when filled, else the file's for this environment (or its other one). */
  url: string | null;
  /** The profile being edited (its id), or null to create one. */
  profileId: number | null;
  /** This environment's location flag: 1 writes liveURL, 0 testURL (02 §4 "Environment"). */
  location: 0 | 1;
}

/** The URL the import gives the profile: the form's, else the file's for this environment. */
export function importUrl(target: Omit<MerchantImportTarget, 'url'>, formUrl: string | null) {
  const { liveURL, testURL } = target.config;
  const fromFile = target.location === 1 ? (liveURL ?? testURL) : (testURL ?? liveURL);
  return formUrl?.trim() ? formUrl.trim() : fromFile;
}

/** The selected pages the file gives: a page without texts is named after its type (02 §5). */
function pageSelection(
  pages: readonly ImportedMerchantPage[],
  types: readonly MerchantPageType[],
): SelectedPageType[] {
  const names = new Map(types.map((type) => [type.id, type.name]));
  const name = (typeId: number) => names.get(typeId) ?? `Page ${typeId}`;
  return pages.map((page) => ({
    typeId: page.typeId,
    navItem: page.navItem?.trim() ? page.navItem : name(page.typeId),
    title: page.title?.trim() ? page.title : name(page.typeId),
    content: page.content,
  }));
}

/**
 * Runs the import's calls strictly one after another: the profile (created, or the edited one
 * updated), then the pages, then (after the pages' answer, 02 §4) the sub-pages. Resolves with
 * the profile's id; rejects with ImportFailed (carrying a profile id made before the failure).
 */
export async function applyMerchantImport(
  target: MerchantImportTarget,
  calls: MerchantImportCalls,
): Promise<number> {
  const { config, location } = target;
  const url = target.url;
  if (!url) throw new ImportFailed(new Error(MERCHANT_IMPORT_TEXT.noUrl), target.profileId);
  const urlField = location === 1 ? { liveURL: url } : { testURL: url };
  let profileId = target.profileId;
  try {
    if (profileId === null) {
      const created = await calls.createProfile({
        ...config.settings,
        ...urlField,
        programId: target.programId ?? config.programId,
        secundaryLanguageId: null,
      });
      profileId = created.id;
    } else {
      await calls.updateProfile({ ...config.settings, ...urlField, id: profileId });
    }
    if (config.pages !== null) {
      const pages = config.pages;
      await calls.savePages({
        profileId,
        pageTypes: pageSelection(pages, await calls.loadPageTypes()),
      });
      await calls.saveSubPages({
        profileId,
        pageSubtypes: pages.flatMap((page) =>
          page.subtypeIds.map((subtypeId) => ({ subtypeId, pageTypeFk: page.typeId })),
        ),
      });
    }
    return profileId;
  } catch (error) {
    throw new ImportFailed(error, profileId);
  }
}

export type { MerchantExportPage };
