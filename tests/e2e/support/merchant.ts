import type { Locator, Page } from 'playwright-core';
import { IMPORT_FILE_FIELD, IMPORT_PATHS, type ImportAnswer } from '@contracts/api/imports';
import {
  MERCHANT_EMBEDDED,
  MERCHANT_PATHS,
  MERCHANT_THEME,
  type MerchantIdAnswer,
  type MerchantProfile,
  type NewMerchantProfile,
  type SelectedPageSubType,
  type SelectedPageSubTypes,
  type SelectedPageType,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { IMPORT_COLUMNS } from '@contracts/api/imports';
import { defaultMerchantStylesheet } from '@contracts/site/style-model';
import type { RuntimeConfig } from '@contracts/api/entities';
import { createPlainScheme, pipeFile } from './imports';
import type { JournalApi } from './journal';
import type { SchemeApi } from './schemes';

/**
 * Helpers of the MyMerchant browser tests: merchant records through the API (the
 * journal's signed-in client calls the merchant base, `/api` here), a program with stores
 * imported through the import service, the live host's location flag, and screen shortcuts.
 */

/** The merchant profiles the server holds. */
export async function merchantProfiles(api: JournalApi): Promise<MerchantProfile[]> {
  const list = await api.call<{ _embedded: Record<string, MerchantProfile[]> }>(
    'GET',
    MERCHANT_PATHS.profiles,
  );
  return list._embedded[MERCHANT_EMBEDDED.profiles] ?? [];
}

/** The profile whose test or live URL is `url`. */
export async function merchantProfileByUrl(
  api: JournalApi,
  url: string,
): Promise<MerchantProfile | undefined> {
  return (await merchantProfiles(api)).find(
    (profile) => profile.testURL === url || profile.liveURL === url,
  );
}

export async function selectedPages(api: JournalApi, id: number): Promise<SelectedPageType[]> {
  return (await api.call<SelectedPageTypes>('GET', MERCHANT_PATHS.selectedPageTypes(id))).pageTypes;
}

export async function selectedSubPages(
  api: JournalApi,
  id: number,
): Promise<SelectedPageSubType[]> {
  return (await api.call<SelectedPageSubTypes>('GET', MERCHANT_PATHS.selectedPageSubTypes(id)))
    .pageSubtypes;
}

/**
 * A merchant profile made through the API: created (the mandatory pages come with it), then its
 * settings, then any other fields by PUT. Answers the stored profile.
 */
export async function createMerchantProfile(
  api: JournalApi,
  fields: Partial<NewMerchantProfile> & { programId: number; siteTitle?: string },
): Promise<MerchantProfile> {
  const { siteTitle, analyticsTrackingCode, ...rest } = fields;
  const themeId = rest.siteThemeId ?? MERCHANT_THEME.LIGHT;
  const { id } = await api.call<MerchantIdAnswer>('POST', MERCHANT_PATHS.profiles, {
    primaryLanguageId: 1,
    secundaryLanguageId: null,
    siteThemeId: themeId,
    overrideCSS: defaultMerchantStylesheet(themeId),
    ...rest,
  });
  if (siteTitle !== undefined) {
    await api.call('POST', MERCHANT_PATHS.siteSettings, {
      id,
      siteTitle,
      analyticsTrackingCode: analyticsTrackingCode ?? null,
    });
  }
  return api.call<MerchantProfile>('GET', MERCHANT_PATHS.profile(id));
}

/** Changes fields of a stored profile (PUT with returnBody). */
export function updateMerchantProfile(
  api: JournalApi,
  id: number,
  fields: Partial<MerchantProfile>,
): Promise<MerchantProfile> {
  return api.call<MerchantProfile>('PUT', `${MERCHANT_PATHS.profile(id)}?returnBody=true`, fields);
}

/** A store of a store file (the import's columns, in order). */
export interface StoreLine {
  storeCode: string;
  storeName: string;
  address: string;
  city: string;
  postcode: string;
  countryCode: string;
}

/**
 * A gift program of a new client (its scheme name `{name} Scheme`) with `stores` imported
 * through the import service: the store file uploaded, then processed (the answer comes when
 * the import has ended). Answers the program id.
 */
export async function programWithStores(
  schemes: SchemeApi,
  api: JournalApi,
  name: string,
  stores: readonly StoreLine[],
): Promise<number> {
  const programId = await createPlainScheme(schemes, name);
  const columns = IMPORT_COLUMNS.store.filter((column) => column.required).map((c) => c.name);
  const text = pipeFile(
    columns,
    stores.map((store) => columns.map((column) => store[column as keyof StoreLine])),
  );
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, new Blob([text], { type: 'text/plain' }), 'stores.txt');
  const { fileName } = await api.callForm<{ fileName: string }>(
    `/api${IMPORT_PATHS.upload(programId)}`,
    form,
  );
  const answer = await api.call<ImportAnswer>('POST', IMPORT_PATHS.processMerchantFile, {
    programId,
    fileName,
    userFileName: 'stores.txt',
  });
  if (answer.currentStep !== 'completed' || answer.totalSuccessLines !== stores.length) {
    throw new Error(`store import: ${JSON.stringify(answer)}`);
  }
  return programId;
}

/**
 * Makes the admin app in `page` believe it runs on the live host (location flag 1, 02 §4):
 * `/config.json` answers with the page's own host among the production hosts. The server's
 * port is free-chosen, so PRODUCTION_HOSTS cannot name it beforehand. Call before the first
 * navigation.
 */
export async function asLiveHost(page: Page, baseUrl: string): Promise<void> {
  const host = new URL(baseUrl).host;
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as RuntimeConfig;
    await route.fulfill({ response, json: { ...config, productionHosts: [host] } });
  });
}

/** The step heading (h3) the wizard shows. */
export const stepHeading = (page: Page, name: string): Locator =>
  page.getByRole('heading', { name, exact: true, level: 3 });

/** The value beside a label in a summary section's definition list. */
export const summaryValue = (section: Locator, label: string): Locator =>
  section.locator(`dt:text-is("${label}") + dd`);

/** The panel of a page of step 3 (its heading, e.g. "About Us page"). */
export const pagePanel = (page: Page, name: string): Locator =>
  page.getByRole('region', { name: `${name} page`, exact: true });
