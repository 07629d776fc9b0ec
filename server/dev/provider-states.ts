/**
 * The pact provider states (contracts/provider/states.ts), set up on the real store. Used by the
 * development endpoint (provider-states-router.ts), which the in-process verification
 * (contracts/provider/provider.test.ts) and `npm run contracts:verify` both call.
 *
 * Each state is a call of the scenarios' building blocks (scenarios/blocks.ts and
 * scenarios/record-blocks.ts) with the pact's own names as parameters (PACT_RECORDS): what the
 * backend team verifies and what a developer switches to (`/__mock/scenarios`) is one definition.
 *
 * Every state works on records of its own, named with the reserved `pact-` / `PACT` marks, found
 * again on the next run and reset (the blocks' rule): a rerun on the same server finds the same
 * records, and whatever data is there beside them (the demo seed, a scenario) is never read or
 * changed. The ids are the provider's: each state answers the values the pacts inject
 * (`fromProviderState`). What the interactions themselves create (a profile, a page, a module
 * code) is removed again by the state that needs it absent; deployments, uploaded images and
 * sessions stay (docs/contracts.md says verification writes data).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { PROGRAM_TYPE } from '@contracts/api/constants';
import { JOURNAL_PAGE_TYPE } from '@contracts/api/journal';
import { MERCHANT_SITE_STORES, STATE, type ProviderStateName } from '@contracts/provider/states';
import { hashPassword } from '../auth/passwords';
import type { BruteForceLimits } from '../http/rate-limit';
import type { Data } from '../db/schema';
import type { Store } from '../db/store';
import { ImageFiles } from '../images/image-files';
import type { ImportService } from '../imports/import-service';
import {
  BlockError,
  client,
  country,
  cardBin,
  firstId,
  giftProgram,
  journalPage,
  journalProfile,
  maxId,
  merchantProfile,
  moduleCode,
  NO_STEPS,
  removeClients,
  removeJournalPage,
  removeJournalProfiles,
  removeMerchantProfiles,
  removeModuleCode,
  removeSchemes,
  scheme,
  user,
  type ProgramParams,
  type SchemeParams,
  type SchemeProgramType,
  type SchemeSteps,
} from './scenarios/blocks';
import {
  CARD_HEADER,
  DEVICE_HEADER,
  STORE_HEADER,
  cardNumber,
  cardParams,
  importCards,
  importStores,
  importUpload,
  upload,
} from './scenarios/record-blocks';

/** A 1x1 PNG: the review screenshot a state stores (its bytes pass the image check). */
const SMALLEST_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The values a state answers, injected into the replayed request. */
export type ProviderStateValues = Record<string, string | number>;
/** Who asked for the state: the address the verifier's replayed requests come from. */
export interface ProviderStateCaller {
  ip: string | undefined;
}
export type ProviderStateHandler = (
  params: Record<string, unknown>,
  caller: ProviderStateCaller,
) => Promise<ProviderStateValues>;
export type ProviderStateHandlers = Record<ProviderStateName, ProviderStateHandler>;

/** A state the consumer names wrongly (or a block missing data): the endpoint answers 400. */
export class ProviderStateError extends BlockError {
  override name = 'ProviderStateError';
}

/** The names of the records the states own: the parameters of the blocks they call. */
export const PACT_RECORDS = {
  /** The texts of the pact records (`1 Pact Street`, `scheme@pact.example`, …). */
  brand: 'Pact',
  username: 'pact-user',
  /** The review screenshot of 'a review screenshot exists' (an image id: 32 hex digits). */
  reviewImageId: 'fac7'.padEnd(32, '0'),
  /**
   * The stored image of 'a journal profile has stored images' and 'a published journal site has
   * stored images' (an image id: 32 hex digits).
   */
  journalImageId: 'fac8'.padEnd(32, '0'),
  /** The image of 'an image is stored' (an image id: 32 hex digits). */
  storedImageId: 'fac9'.padEnd(32, '0'),
  /** The id of 'no image has the id': never stored by a state (an image id: 32 hex digits). */
  missingImageId: 'faca'.padEnd(32, '0'),
  clientName: 'Pact Client',
  programName: 'Pact Gift Card',
  countryName: 'Pact Country',
  stateName: 'Pact State',
  /** Unpublished profile of the journal states. */
  profileSiteUrl: 'pact-journal',
  /** Published profile (deployments, the published site). */
  publishedSiteUrl: 'pact-published',
  /** The address the create-profile interaction uses; removed before it runs. */
  newSiteUrl: 'pact-new-site',
  /** The module code of 'a module code exists'. */
  moduleCode: 'MJC_PACT1',
  /** The code the create-module-code interaction uses; removed before it runs. */
  newModuleCode: 'MJC_PACT2',
  /** The gift card of the published site (its PIN is generated on each setup). */
  cardNumber: '6035990000009911',
  /** The gift card without an expiry date of the published site (its PIN generated on each setup). */
  cardWithoutExpiryNumber: '6035990000009929',
  /** The first 11 digits of the numbers 'a published journal site has no card' answers. */
  unknownCardPrefix: '60359900001',
  /** The scheme states' schemes, one per program type, of the client `clientName`. */
  giftSchemeName: 'Pact Gift Scheme',
  loyaltySchemeName: 'Pact Loyalty Scheme',
  /** The name the create-client interaction uses; removed before it runs. */
  newClientName: 'Pact New Client',
  /** The name the create-scheme interaction uses; removed (with its records) before it runs. */
  newSchemeName: 'Pact New Scheme',
  /** The master card BIN the pact schemes are configured on. */
  cardBinName: 'PACT Master BIN',
  cardBinNumber: '999901',
  /** The user's file name of the card import 'a scheme has an uploaded file' makes. */
  uploadedFileName: 'pact-cards.csv',
  /** The merchant profiles (their testURL): unpublished, published. */
  merchantUrl: 'pact-merchant',
  publishedMerchantUrl: 'pact-merchant-published',
  /** The URL the create-merchant-profile interactions use; removed before they run. */
  newMerchantUrl: 'pact-merchant-new',
  /** The published merchant site with imported stores (testURL, publishTest 1). */
  merchantSiteUrl: 'pact-merchant-site',
} as const;

/** The pact gift program of the journal and merchant states (the giftProgram block). */
export const PACT_PROGRAM: ProgramParams = {
  clientName: PACT_RECORDS.clientName,
  schemeName: PACT_RECORDS.programName,
  schemeShortName: 'PACTGC',
  schemeAbbreviation: 'PGC',
};

const PACT_COUNTRY = { countryName: PACT_RECORDS.countryName, stateName: PACT_RECORDS.stateName };
const PACT_BIN = { name: PACT_RECORDS.cardBinName, number: PACT_RECORDS.cardBinNumber };

/**
 * The parameters of the pact scheme of a program type (the scheme block). Gift and loyalty use
 * different suffixes on the pact BIN, so either can be configured while the other is.
 */
export function pactScheme(programTypeId: SchemeProgramType, steps: SchemeSteps): SchemeParams {
  const gift = programTypeId === PROGRAM_TYPE.GIFT;
  return {
    brand: PACT_RECORDS.brand,
    clientName: PACT_RECORDS.clientName,
    schemeName: gift ? PACT_RECORDS.giftSchemeName : PACT_RECORDS.loyaltySchemeName,
    schemeShortName: gift ? 'PACTGS' : 'PACTLS',
    schemeAbbreviation: gift ? 'PGS' : 'PLS',
    programTypeId,
    steps,
    cardBin: PACT_BIN,
    suffixStand: gift ? '001' : '002',
    country: PACT_COUNTRY,
  };
}

/** An id far above every used one: ids are handed out as max + 1, so this one is free. */
const UNUSED_ID_GAP = 1000;

function pageTypeIdOf(params: Record<string, unknown>): number {
  const value = Number(params.pageTypeId);
  if (!Object.values(JOURNAL_PAGE_TYPE).some((id) => id === value)) {
    throw new ProviderStateError('this state needs a known integer "pageTypeId"');
  }
  return value;
}

function programTypeIdOf(params: Record<string, unknown>): SchemeProgramType {
  const value = Number(params.programTypeId);
  if (value !== PROGRAM_TYPE.GIFT && value !== PROGRAM_TYPE.LOYALTY) {
    throw new ProviderStateError(
      `this state needs "programTypeId" ${PROGRAM_TYPE.GIFT} (gift) or ${PROGRAM_TYPE.LOYALTY} (loyalty)`,
    );
  }
  return value;
}

function configuredOf(params: Record<string, unknown>): boolean {
  const value = params.configured;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new ProviderStateError('this state needs a boolean "configured"');
}

/** The pact journal profile of a siteUrl on the pact program; answers its ids and siteUrl. */
export function pactJournalProfile(data: Data, siteUrl: string, published: boolean) {
  const programId = giftProgram(data, PACT_PROGRAM);
  const profileId = journalProfile(data, {
    brand: PACT_RECORDS.brand,
    programId,
    siteUrl,
    published,
  });
  return { profileId, programId, siteUrl };
}

/** The pact merchant profile of a URL on the pact program. */
function pactMerchantProfile(data: Data, url: string, published: boolean, publishedTest = false) {
  return merchantProfile(data, {
    brand: PACT_RECORDS.brand,
    programId: giftProgram(data, PACT_PROGRAM),
    url,
    published,
    publishedTest,
  });
}

/** The files the import states upload (one good line each; the card file also a bad one). */
const PACT_IMPORT_FILES = {
  cards: 'pact-import-cards.txt',
  stores: 'pact-import-stores.txt',
  devices: 'pact-import-devices.txt',
  /** The store the store file holds and the device file refers to. */
  storeCode: 'PACT1',
  /** The published merchant site's stores (MERCHANT_SITE_STORES). */
  merchantStores: 'pact-merchant-stores.txt',
} as const;

/** The state handlers on a store. */
export function createProviderStates(deps: {
  store: Store;
  passwordHashCost: number;
  /** The imports and their records (its `cards`: the published sites' balance check). */
  imports: ImportService;
  /** Where the review screenshots are kept (config.reviewImagesDir). */
  reviewImagesDir: string;
  /** Where the images of `POST /images` are kept (config.filesDir). */
  imagesDir: string;
  /** The per-address limits (the states that use up a caller's balance checks or searches). */
  limits: BruteForceLimits;
}): ProviderStateHandlers {
  const { store, imports } = deps;
  const reviewImages = new ImageFiles(deps.reviewImagesDir);
  const images = new ImageFiles(deps.imagesDir);

  const schemeAt = (programTypeId: SchemeProgramType, steps: SchemeSteps) =>
    store.update((data) => scheme(data, pactScheme(programTypeId, steps)));
  /** The pact gift or loyalty scheme, configured (the import states' scheme). */
  const configuredScheme = (params: Record<string, unknown>) =>
    schemeAt(programTypeIdOf(params), { ...NO_STEPS, configured: true });

  /** The card file of the import states, uploaded: one good card, one not of the scheme's BIN. */
  const uploadPactCardFile = async (
    values: { programId: number } & Parameters<typeof cardParams>[1],
  ) => {
    const card = cardParams(store.read(), values);
    const foreign = '1'.padStart(card.cardLength, '0');
    const content = [
      CARD_HEADER,
      `${cardNumber(card, 2)}|1234|25.00|2099-12-31`,
      `${foreign}|1234|25.00|2099-12-31`,
      '',
    ].join('\n');
    const { programId } = values;
    const userFileName = PACT_IMPORT_FILES.cards;
    const fileName = await upload(imports, { programId, kind: 'card', userFileName, content });
    return { programId, fileName, card };
  };
  const uploadStoreFile = (programId: number) =>
    upload(imports, {
      programId,
      kind: 'store',
      userFileName: PACT_IMPORT_FILES.stores,
      content: `${STORE_HEADER}\n${PACT_IMPORT_FILES.storeCode}|Pact Store|1 Pact Street|Pactville|2000|AU\n`,
    });

  /** Stores the smallest PNG as image `imageId`, file and record, as an upload stores them. */
  const storePactImage = async (imageId: string) => {
    await images.remove(imageId);
    await images.write(imageId, SMALLEST_PNG);
    await store.update((data) => {
      data.images = [
        ...data.images.filter((image) => image.id !== imageId),
        {
          id: imageId,
          contentType: 'image/png',
          size: SMALLEST_PNG.length,
          createdAt: new Date().toISOString(),
          userName: PACT_RECORDS.username,
        },
      ];
    });
  };

  /**
   * The pact journal profile of a siteUrl with one stored image (file and record, as an upload
   * stores them, so `/images/{id}.png` answers it) as its logo, headerImg, favIcon and
   * backgroundImg.
   */
  const journalProfileWithImages = async (siteUrl: string, published: boolean) => {
    const imageId = PACT_RECORDS.journalImageId;
    await storePactImage(imageId);
    return store.update((data) => {
      const values = pactJournalProfile(data, siteUrl, published);
      data.journalProfiles = data.journalProfiles.map((profile) =>
        profile.profileId === values.profileId
          ? {
              ...profile,
              logo: imageId,
              headerImg: imageId,
              favIcon: imageId,
              backgroundImg: imageId,
            }
          : profile,
      );
      return values;
    });
  };

  /** The published pact site with one active card of its program, and a new PIN for it. */
  const publishedSiteWithCard = async (cardNumber: string, expiryDate: string | null) => {
    const { programId, siteUrl } = await store.update((data) =>
      pactJournalProfile(data, PACT_RECORDS.publishedSiteUrl, true),
    );
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    await imports.cards.importCards(programId, [
      { cardNumber, pin, balanceCents: 5000, currency: 'AUD', expiryDate, status: 'active' },
    ]);
    return { siteUrl, cardNumber, pin };
  };

  /** A completed card import of the pact gift scheme with one error line (line 3). */
  const cardImportWithErrors = async (params: Record<string, unknown>) => {
    const values = await configuredScheme(params);
    const { programId, fileName, card } = await uploadPactCardFile({
      ...values,
      programId: Number(values.programId),
    });
    const answer = await importUpload(imports, {
      programId,
      kind: 'card',
      fileName,
      userFileName: PACT_IMPORT_FILES.cards,
      card,
      expectErrors: true,
    });
    if (answer.outFileName === null) {
      throw new Error(`the pact card file imported as ${JSON.stringify(answer)}`);
    }
    // The review's one count: the rule its error line fails (the lines call's `rule` filter).
    const [count, ...others] = imports.reviews.summary(programId, answer.outFileName).counts;
    if (count === undefined || others.length > 0) {
      throw new Error(`the pact card import's review counts ${JSON.stringify([count, ...others])}`);
    }
    return { ...values, fileName, outFileName: answer.outFileName, rule: count.rule };
  };

  return {
    [STATE.user]: async () => {
      const username = PACT_RECORDS.username;
      const password = randomBytes(18).toString('base64url');
      const passwordHash = await hashPassword(password, deps.passwordHashCost);
      await store.update((data) => user(data, { username, userType: 'OPERATOR', passwordHash }));
      return { username, password };
    },
    [STATE.programExists]: async () => ({
      programId: await store.update((data) => giftProgram(data, PACT_PROGRAM)),
    }),
    [STATE.programMissing]: async () => ({
      programId: maxId(store.read().programs, (p) => p.programId) + UNUSED_ID_GAP,
    }),
    [STATE.countryWithStates]: async () =>
      store.update((data) => ({ countryId: country(data, PACT_COUNTRY) })),
    [STATE.journalProfile]: async () =>
      store.update((data) => pactJournalProfile(data, PACT_RECORDS.profileSiteUrl, false)),
    [STATE.journalProfileWithImages]: () =>
      journalProfileWithImages(PACT_RECORDS.profileSiteUrl, false),
    [STATE.publishedJournalProfileWithImages]: () =>
      journalProfileWithImages(PACT_RECORDS.publishedSiteUrl, true),
    [STATE.publishedJournalProfile]: async () =>
      store.update((data) => pactJournalProfile(data, PACT_RECORDS.publishedSiteUrl, true)),
    [STATE.journalProfileWithPages]: async (params) => {
      const pageTypeId = pageTypeIdOf(params);
      return store.update((data) => {
        const values = pactJournalProfile(data, PACT_RECORDS.profileSiteUrl, false);
        return {
          ...values,
          pageId: journalPage(data, { profileId: values.profileId, pageTypeId }),
        };
      });
    },
    [STATE.journalProfileWithoutPageType]: async (params) => {
      const pageTypeId = pageTypeIdOf(params);
      return store.update((data) => {
        const values = pactJournalProfile(data, PACT_RECORDS.profileSiteUrl, false);
        removeJournalPage(data, { profileId: values.profileId, pageTypeId });
        return values;
      });
    },
    [STATE.journalProfileMissing]: async () => ({
      profileId: maxId(store.read().journalProfiles, (p) => p.profileId) + UNUSED_ID_GAP,
    }),
    [STATE.siteUrlUnused]: async () => {
      const siteUrl = PACT_RECORDS.newSiteUrl;
      await store.update((data) => removeJournalProfiles(data, siteUrl));
      return { siteUrl };
    },
    [STATE.moduleCode]: async () =>
      store.update((data) => {
        const programId = giftProgram(data, PACT_PROGRAM);
        const code = PACT_RECORDS.moduleCode;
        const name = PACT_RECORDS.programName;
        return { programId, moduleCodeId: moduleCode(data, { code, name, programId }), code };
      }),
    [STATE.moduleCodeUnused]: async () => {
      const code = PACT_RECORDS.newModuleCode;
      await store.update((data) => removeModuleCode(data, code));
      return { code };
    },
    [STATE.publishedSiteWithCard]: async () => {
      const values = await publishedSiteWithCard(PACT_RECORDS.cardNumber, '2099-12-31');
      // Any other PIN of four digits.
      const wrongPin = String((Number(values.pin) + randomInt(1, 10_000)) % 10_000).padStart(
        4,
        '0',
      );
      return { ...values, wrongPin };
    },
    [STATE.publishedSiteWithCardWithoutExpiry]: () =>
      publishedSiteWithCard(PACT_RECORDS.cardWithoutExpiryNumber, null),
    [STATE.publishedSiteBalanceChecksUsedUp]: async (_params, caller) => {
      const { siteUrl } = await store.update((data) =>
        pactJournalProfile(data, PACT_RECORDS.publishedSiteUrl, true),
      );
      await deps.limits.useUp('balance', caller.ip);
      return { siteUrl };
    },
    [STATE.publishedSiteWithoutCard]: async () => {
      const { programId, siteUrl } = await store.update((data) =>
        pactJournalProfile(data, PACT_RECORDS.publishedSiteUrl, true),
      );
      // A new number each time: refused checks of a number count toward its lock
      // (CARD_PIN_ATTEMPTS), and verification may run many times against one server.
      let cardNumber: string;
      do {
        cardNumber = `${PACT_RECORDS.unknownCardPrefix}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
      } while ((await imports.cards.find(programId, cardNumber)) !== undefined);
      return { siteUrl, cardNumber };
    },

    // Schemes
    [STATE.schemeClient]: async () =>
      store.update((data) => ({
        clientId: client(data, { clientName: PACT_RECORDS.clientName }),
        clientName: PACT_RECORDS.clientName,
      })),
    [STATE.schemeClientNameUnused]: async () => {
      const clientName = PACT_RECORDS.newClientName;
      await store.update((data) => removeClients(data, clientName));
      return { clientName };
    },
    [STATE.schemeClientMissing]: async () => ({
      clientId: maxId(store.read().clients, (c) => c.clientId) + UNUSED_ID_GAP,
    }),
    [STATE.schemeNameUnused]: async () => {
      const schemeName = PACT_RECORDS.newSchemeName;
      await store.update((data) =>
        removeSchemes(
          data,
          new Set(data.programs.filter((p) => p.schemeName === schemeName).map((p) => p.programId)),
        ),
      );
      return { schemeName };
    },
    [STATE.scheme]: async (params) => {
      const programTypeId = programTypeIdOf(params);
      return schemeAt(programTypeId, { ...NO_STEPS, configured: configuredOf(params) });
    },
    [STATE.schemeWithSettlement]: async (params) =>
      schemeAt(programTypeIdOf(params), { ...NO_STEPS, configured: true, settlement: true }),
    [STATE.schemeWithLiability]: async (params) =>
      schemeAt(programTypeIdOf(params), {
        ...NO_STEPS,
        configured: true,
        settlement: true,
        liability: true,
      }),
    [STATE.schemeWithBaseCampaign]: async () =>
      schemeAt(PROGRAM_TYPE.LOYALTY, {
        configured: true,
        settlement: true,
        liability: true,
        baseCampaign: true,
      }),
    [STATE.schemeWithUploadedFile]: async (params) => {
      const values = await configuredScheme(params);
      const programId = Number(values.programId);
      const userFileName = PACT_RECORDS.uploadedFileName;
      // One completed import of a one-card file; none again when the scheme has one.
      if (!imports.importedFiles(programId).some((file) => file.fileName === userFileName)) {
        const card = cardParams(store.read(), values);
        await importCards(imports, { programId, card, userFileName, count: 1 });
      }
      return values;
    },
    [STATE.schemeWithUploadedCardFile]: async (params) => {
      const values = await configuredScheme(params);
      const { fileName, card } = await uploadPactCardFile({
        ...values,
        programId: Number(values.programId),
      });
      return { ...values, fileName, ...card };
    },
    [STATE.schemeWithUploadedStoreFile]: async (params) => {
      const values = await configuredScheme(params);
      const fileName = await uploadStoreFile(Number(values.programId));
      return { ...values, fileName };
    },
    [STATE.schemeWithUploadedDeviceFile]: async (params) => {
      const values = await configuredScheme(params);
      const programId = Number(values.programId);
      const storeFile = await uploadStoreFile(programId);
      const stores = await importUpload(imports, {
        programId,
        kind: 'store',
        fileName: storeFile,
        userFileName: PACT_IMPORT_FILES.stores,
      });
      if (stores.totalSuccessLines !== 1) {
        throw new Error(`the pact store file imported as ${JSON.stringify(stores)}`);
      }
      const fileName = await upload(imports, {
        programId,
        kind: 'device',
        userFileName: PACT_IMPORT_FILES.devices,
        content: `${DEVICE_HEADER}\nPACT-POS-1|${PACT_IMPORT_FILES.storeCode}|Terminal|SN-PACT-1|pact-device-secret\n`,
      });
      return { ...values, fileName };
    },
    [STATE.schemeWithCardImportErrors]: (params) => cardImportWithErrors(params),
    [STATE.schemeWithFailedCardImport]: async (params) => {
      const values = await configuredScheme(params);
      const { programId, fileName, card } = await uploadPactCardFile({
        ...values,
        programId: Number(values.programId),
      });
      // The developer tools' midway fault (ImportFaults): the import fails on its first data
      // line, rolled back, and the upload's import is recorded as failed.
      const failure = await imports
        .process('card', {
          programId,
          fileName,
          userFileName: PACT_IMPORT_FILES.cards,
          card,
          faults: { failAtLine: 2 },
        })
        .then(
          (answer) => new Error(`the failing pact card import answered ${JSON.stringify(answer)}`),
          () => undefined,
        );
      if (failure !== undefined) throw failure;
      return { ...values, fileName };
    },
    [STATE.schemeWithCorrectedImportLine]: async (params) => {
      const values = await cardImportWithErrors(params);
      const programId = Number(values.programId);
      const card = cardParams(store.read(), values);
      // A new number each time: verification may run many times against one server.
      let corrected: string;
      do {
        corrected = cardNumber(card, randomInt(1_000, 1_000_000));
      } while ((await imports.cards.find(programId, corrected)) !== undefined);
      const line = imports.reviews.correct(programId, values.outFileName, 3, {
        cardNumber: corrected,
      });
      if (line.status !== 'fixed') {
        throw new Error(`the pact error line was corrected as ${JSON.stringify(line)}`);
      }
      return values;
    },
    [STATE.schemeWithChangedFailingImportLine]: async (params) => {
      const values = await cardImportWithErrors(params);
      const line = imports.reviews.correct(Number(values.programId), values.outFileName, 3, {
        balance: '26.00',
      });
      if (line.status !== 'failing') {
        throw new Error(`the pact error line was corrected as ${JSON.stringify(line)}`);
      }
      return values;
    },
    [STATE.reviewImage]: async () => {
      const { reviewImageId } = PACT_RECORDS;
      await reviewImages.remove(reviewImageId);
      await reviewImages.write(reviewImageId, SMALLEST_PNG);
      return { reviewImageId };
    },
    [STATE.imageStored]: async () => {
      // Stored as an upload stores it (file and record), so `/images/{id}.png` answers it.
      const imageId = PACT_RECORDS.storedImageId;
      await storePactImage(imageId);
      return { imageId };
    },
    [STATE.imageMissing]: async () => {
      const imageId = PACT_RECORDS.missingImageId;
      await store.update((data) => {
        data.images = data.images.filter((image) => image.id !== imageId);
      });
      await images.remove(imageId);
      return { imageId };
    },
    [STATE.masterCardBin]: async () => store.update((data) => ({ binId: cardBin(data, PACT_BIN) })),

    // MyMerchant
    [STATE.merchantProfile]: async () =>
      store.update((data) => ({ ...pactMerchantProfile(data, PACT_RECORDS.merchantUrl, false) })),
    [STATE.publishedMerchantProfile]: async () =>
      store.update((data) => {
        const { profileId, programId, url } = pactMerchantProfile(
          data,
          PACT_RECORDS.publishedMerchantUrl,
          true,
        );
        return { profileId, programId, url };
      }),
    [STATE.merchantSiteWithStores]: async () => {
      // Published on the test host: the site at its testURL answers.
      const { programId, url } = await store.update((data) =>
        pactMerchantProfile(data, PACT_RECORDS.merchantSiteUrl, true, true),
      );
      // A new upload each time; the store codes are the same, so a rerun replaces the stores,
      // keeping their order.
      const answer = await importStores(imports, {
        programId,
        userFileName: PACT_IMPORT_FILES.merchantStores,
        brand: PACT_RECORDS.brand,
        stores: MERCHANT_SITE_STORES.names.map((name, index) => ({
          code: `PACTMS${index + 1}`,
          name,
        })),
      });
      if (answer.totalSuccessLines !== MERCHANT_SITE_STORES.names.length) {
        throw new Error(`the pact merchant stores imported as ${JSON.stringify(answer)}`);
      }
      return { url, programId };
    },
    [STATE.merchantSiteSearchesUsedUp]: async (_params, caller) => {
      const { url } = await store.update((data) =>
        pactMerchantProfile(data, PACT_RECORDS.merchantSiteUrl, true, true),
      );
      await deps.limits.useUp('storeSearch', caller.ip);
      return { url };
    },
    [STATE.merchantProfileMissing]: async () => ({
      profileId: maxId(store.read().merchantProfiles, (p) => p.id) + UNUSED_ID_GAP,
    }),
    [STATE.merchantUrlUnused]: async () => {
      const url = PACT_RECORDS.newMerchantUrl;
      return store.update((data) => {
        removeMerchantProfiles(data, url);
        return {
          url,
          programId: giftProgram(data, PACT_PROGRAM),
          languageId: firstId(data.languages, 'language'),
        };
      });
    },
    [STATE.cardBinMissing]: async () => ({
      binId: maxId(store.read().cardBins, (b) => b.id) + UNUSED_ID_GAP,
    }),
  };
}
