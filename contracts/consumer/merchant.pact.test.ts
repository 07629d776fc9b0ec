/** @jest-environment node */
/**
 * The MyMerchant calls (02 §7), driven through the client's real endpoints
 * (client/src/features/my-merchant/api/merchant-api.ts) on the merchant base (`/api` in the
 * default layout): every call's success and the main failures (404 unknown profile; 400 naming
 * the field for the URL length, the title length, the theme, an unknown page type and a
 * sub-page under an unselected page; 409 URL taken; 415 for a media upload that is not an image;
 * 401 once). The media uploads are multipart (field `image`, the slot in `?filename=`) with fixed
 * boundaries, sent through fetch (node has no XMLHttpRequest).
 *
 * Not described: the 413 'File size is too large' of an image over its slot's limit. Its request
 * is over 300 KB, and pact-js's verifier replays every request through its own proxy, which
 * reads bodies with body-parser's 100 kB default and answers an HTML 413 itself before the
 * provider sees the request. The server tests (tests/server/my-merchant) and the client's
 * endpoint test (tests/client/my-merchant/merchant-api.test.ts) cover it.
 *
 * The merchant states (contracts/provider/states.ts) reset profiles of their own and answer
 * their ids, URL, language, module code and sub-page types; the requests take them through
 * `fromProviderState`, the ids of the page types a selection names among them (the examples are
 * this project's catalogue, MERCHANT_PAGE_TYPE).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../api/constants';
import { ERROR_MESSAGE } from '../api/error-messages';
import {
  MERCHANT_EMBEDDED,
  MERCHANT_MEDIA_FIELD_NAME,
  MERCHANT_MODULE_ID,
  MERCHANT_PAGE_TYPE,
  MERCHANT_PATHS,
  MERCHANT_THEME,
  type MerchantMediaSlot,
  type MerchantProfile,
  type SelectedPageType,
} from '../api/merchant';
import { merchantApi } from '@/features/my-merchant/api/merchant-api';
import {
  epochMillis,
  errorBody,
  JSON_ANSWER,
  newPact,
  SIGNED_IN_HEADERS,
  STATE,
  storeFor,
} from './support/pact';
import {
  apiPathFromState,
  conflictOn,
  invalidField,
  JSON_REQUEST,
  MISSING_ID,
  RETURN_BODY,
} from './support/schemes';

const { atLeastLike, eachLike, fromProviderState, integer, like, regex, string } = MatchersV3;

/** Examples of what the merchant states answer (the provider's own values at verification). */
const EXAMPLE = {
  profileId: 1,
  programId: 1,
  languageId: 1,
  url: 'pact-merchant',
  newUrl: 'pact-merchant-new',
  code: 'MMC_1PGC1',
  subtypeId: 9,
  unselectedSubtypeId: 10,
  homeTypeId: MERCHANT_PAGE_TYPE.HOME,
  locationsTypeId: MERCHANT_PAGE_TYPE.LOCATIONS,
  termsTypeId: MERCHANT_PAGE_TYPE.TERMS,
  privacyPolicyTypeId: MERCHANT_PAGE_TYPE.PRIVACY_POLICY,
} as const;
const fromState = <T extends string | number>(name: keyof typeof EXAMPLE, example?: T) =>
  fromProviderState(`\${${name}}`, example ?? EXAMPLE[name]);

/** A stored image's path on the URL base, or an absolute URL. */
const MEDIA_PATH = /^(https?:\/\/\S+|\/\S*)$/.source;

/** The pact program's name (server/dev/provider-states.ts PACT_RECORDS.programName). */
const PACT_PROGRAM_NAME = 'Pact Gift Card';

const PAGE_INFO = {
  size: integer(1),
  totalElements: integer(1),
  totalPages: integer(1),
  number: integer(1),
};

/** What every stored profile holds with a value (the URLs, texts and paths may be null). */
const PROFILE_CORE = {
  id: integer(EXAMPLE.profileId),
  programId: integer(EXAMPLE.programId),
  primaryLanguageId: integer(EXAMPLE.languageId),
  secundaryLanguageId: null,
  siteThemeId: integer(MERCHANT_THEME.LIGHT),
  publishLive: integer(0),
  publishTest: integer(0),
};

/** The profile of 'a merchant profile exists', as the client holds it and sends it back. */
const PACT_PROFILE: MerchantProfile = {
  id: EXAMPLE.profileId,
  programId: EXAMPLE.programId,
  liveURL: null,
  testURL: EXAMPLE.url,
  primaryLanguageId: EXAMPLE.languageId,
  secundaryLanguageId: null,
  siteThemeId: MERCHANT_THEME.LIGHT,
  overrideCSS: 'body {\n  background-color: #f4f4f4;\n}\n',
  siteTitle: 'Pact Merchant',
  description: null,
  siteKeywords: null,
  analyticsTrackingCode: 'UA-000000-2',
  headerLogoPath: null,
  logoPath: null,
  faviconPath: null,
  backgroundPath: null,
  moduleCode: null,
  publishLive: 0,
  publishTest: 0,
};
/** The same with the provider's values in it. */
const PACT_PROFILE_FROM_STATE = {
  ...PACT_PROFILE,
  id: fromState('profileId'),
  programId: fromState('programId'),
  testURL: fromState('url'),
  primaryLanguageId: fromState('languageId'),
};

/** The selection the state stores, as step 3 sends it: the mandatory pages and Terms. */
const PACT_PAGE_LIST = [
  { typeIdOf: 'homeTypeId', navItem: 'Home', title: 'Home' },
  { typeIdOf: 'locationsTypeId', navItem: 'Locations', title: 'Locations' },
  { typeIdOf: 'termsTypeId', navItem: 'Terms', title: 'Terms and Conditions' },
] as const;
const PACT_PAGES: SelectedPageType[] = PACT_PAGE_LIST.map(({ typeIdOf, ...page }) => ({
  typeId: EXAMPLE[typeIdOf],
  ...page,
  content: `<p>${page.title} of Pact Merchant.</p>`,
}));
/** The same as sent, with the provider's page type ids (its state answers them). */
const PACT_PAGES_FROM_STATE = PACT_PAGE_LIST.map(({ typeIdOf, ...page }) => ({
  typeId: fromState(typeIdOf),
  ...page,
  content: `<p>${page.title} of Pact Merchant.</p>`,
}));

const SELECTED_PAGE = {
  typeId: integer(MERCHANT_PAGE_TYPE.HOME),
  navItem: string('Home'),
  title: string('Home'),
  content: string('<p>Home of Pact Merchant.</p>'),
};
const SELECTED_SUB_PAGE = {
  subtypeId: integer(EXAMPLE.subtypeId),
  pageTypeFk: integer(MERCHANT_PAGE_TYPE.TERMS),
};

/** A new profile as step 1 sends it (02 §7: the secondary language always null). */
const newProfileBody = (testURL: unknown, siteThemeId: number = MERCHANT_THEME.LIGHT) => ({
  programId: fromState('programId'),
  testURL,
  primaryLanguageId: fromState('languageId'),
  secundaryLanguageId: null,
  siteThemeId,
  overrideCSS: 'body {\n  background-color: #f4f4f4;\n}\n',
});
const newProfile = (testURL: string, siteThemeId: number = MERCHANT_THEME.LIGHT) =>
  merchantApi.endpoints.createMerchantProfile.initiate({
    programId: EXAMPLE.programId,
    testURL,
    primaryLanguageId: EXAMPLE.languageId,
    secundaryLanguageId: null,
    siteThemeId: siteThemeId as MerchantProfile['siteThemeId'],
    overrideCSS: 'body {\n  background-color: #f4f4f4;\n}\n',
  });

describe('merchant profiles (02 §7)', () => {
  it('lists the profiles', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a request for the merchant profiles')
      .withRequest({
        method: 'GET',
        path: `/api${MERCHANT_PATHS.profiles}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: { [MERCHANT_EMBEDDED.profiles]: eachLike(PROFILE_CORE) },
          page: PAGE_INFO,
        },
      });

    await pact.executeTest(async (mock) => {
      const profiles = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantProfiles.initiate())
        .unwrap();
      expect(profiles[0]).toMatchObject({ id: EXAMPLE.profileId, secundaryLanguageId: null });
    });
  });

  it('reads one profile', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a request for a merchant profile by id')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(MERCHANT_PATHS.profile, 'profileId', EXAMPLE.profileId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: like(PACT_PROFILE) });

    await pact.executeTest(async (mock) => {
      const profile = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantProfile.initiate(EXAMPLE.profileId))
        .unwrap();
      expect(profile).toEqual(PACT_PROFILE);
    });
  });

  it('answers 404 with an error body for an unknown profile', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfileMissing)
      .uponReceiving('a request for a merchant profile that does not exist')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(MERCHANT_PATHS.profile, 'profileId', MISSING_ID),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, `Profile ${MISSING_ID} not found`),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        merchantApi.endpoints.merchantProfile.initiate(MISSING_ID),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  it('creates a profile at step 1 and answers its id', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantUrlUnused)
      .uponReceiving('a new merchant profile')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.profiles}`,
        headers: JSON_REQUEST,
        body: newProfileBody(fromState('url', EXAMPLE.newUrl)),
      })
      .willRespondWith({ status: 201, headers: JSON_ANSWER, body: { id: integer(2) } });

    await pact.executeTest(async (mock) => {
      const created = await storeFor(mock.url).dispatch(newProfile(EXAMPLE.newUrl)).unwrap();
      expect(created).toEqual({ id: 2 });
    });
  });

  const refusals = [
    {
      rule: 'a URL shorter than 4 characters',
      field: 'testURL',
      example: 'Must be at least 4 characters',
      testURL: 'pmx',
      siteThemeId: MERCHANT_THEME.LIGHT,
    },
    {
      rule: 'a theme other than 1 or 2',
      field: 'siteThemeId',
      example: 'Must be 1 (light) or 2 (dark)',
      testURL: EXAMPLE.newUrl,
      siteThemeId: 3,
    },
  ];
  it.each(refusals)(
    'answers 400 naming $field for $rule',
    async ({ rule, field, example, testURL, siteThemeId }) => {
      const pact = newPact();
      pact
        .given(STATE.merchantUrlUnused)
        .uponReceiving(`a new merchant profile with ${rule}`)
        .withRequest({
          method: 'POST',
          path: `/api${MERCHANT_PATHS.profiles}`,
          headers: JSON_REQUEST,
          body: newProfileBody(testURL, siteThemeId),
        })
        .willRespondWith({ status: 400, headers: JSON_ANSWER, body: invalidField(field, example) });

      await pact.executeTest(async (mock) => {
        const result = await storeFor(mock.url).dispatch(newProfile(testURL, siteThemeId));
        expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
      });
    },
  );

  it('answers 409 naming testURL for a URL another profile uses', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a new merchant profile with a URL already used')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.profiles}`,
        headers: JSON_REQUEST,
        body: newProfileBody(fromState('url')),
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: conflictOn('testURL', `${EXAMPLE.url} is already used`),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(newProfile(EXAMPLE.url));
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('saves the whole profile and answers the stored one', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a save of a whole merchant profile')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(MERCHANT_PATHS.profile, 'profileId', EXAMPLE.profileId),
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: PACT_PROFILE_FROM_STATE,
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: like(PACT_PROFILE) });

    await pact.executeTest(async (mock) => {
      const saved = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.updateMerchantProfile.initiate(PACT_PROFILE))
        .unwrap();
      expect(saved).toEqual(PACT_PROFILE);
    });
  });

  it('saves the site settings of step 2 and answers the id', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('the site settings of a merchant profile')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.siteSettings}`,
        headers: JSON_REQUEST,
        body: {
          id: fromState('profileId'),
          siteTitle: 'Pact Merchant',
          analyticsTrackingCode: 'UA-000000-2',
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { id: fromState('profileId') },
      });

    await pact.executeTest(async (mock) => {
      const saved = await storeFor(mock.url)
        .dispatch(
          merchantApi.endpoints.saveMerchantSiteSettings.initiate({
            id: EXAMPLE.profileId,
            siteTitle: 'Pact Merchant',
            analyticsTrackingCode: 'UA-000000-2',
          }),
        )
        .unwrap();
      expect(saved).toEqual({ id: EXAMPLE.profileId });
    });
  });

  it('answers 400 naming siteTitle for a title shorter than 2 characters', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('the site settings of a merchant profile with a one-letter title')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.siteSettings}`,
        headers: JSON_REQUEST,
        body: { id: fromState('profileId'), siteTitle: 'P', analyticsTrackingCode: null },
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('siteTitle', 'Must be at least 2 characters'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        merchantApi.endpoints.saveMerchantSiteSettings.initiate({
          id: EXAMPLE.profileId,
          siteTitle: 'P',
          analyticsTrackingCode: null,
        }),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('answers 401 with error code 11 without a token', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the merchant profiles without a token')
      .withRequest({ method: 'GET', path: `/api${MERCHANT_PATHS.profiles}` })
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.SESSION_EXPIRED, ERROR_MESSAGE.authRequired),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url, null).dispatch(
        merchantApi.endpoints.merchantProfiles.initiate(),
      );
      expect(result.error).toMatchObject({ status: 401, errorCode: ERROR_CODE.SESSION_EXPIRED });
    });
  });
});

describe('merchant publishing (02 §4, §7)', () => {
  it('sets the module code MMC_ + program id + abbreviation + profile id', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a merchant module code')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.moduleCode}`,
        headers: JSON_REQUEST,
        body: {
          name: PACT_PROGRAM_NAME,
          code: fromState('code'),
          programId: fromState('programId'),
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          moduleCodeId: integer(1),
          // By type: 01 §3 gives no values, and the client never reads it.
          moduleId: integer(MERCHANT_MODULE_ID),
          code: fromState('code'),
          name: string(PACT_PROGRAM_NAME),
          programId: fromState('programId'),
        },
      });

    await pact.executeTest(async (mock) => {
      const moduleCode = await storeFor(mock.url)
        .dispatch(
          merchantApi.endpoints.createMerchantModuleCode.initiate({
            name: PACT_PROGRAM_NAME,
            code: EXAMPLE.code,
            programId: EXAMPLE.programId,
          }),
        )
        .unwrap();
      expect(moduleCode).toMatchObject({ code: EXAMPLE.code, moduleId: MERCHANT_MODULE_ID });
    });
  });

  it('records the live publish of a published profile', async () => {
    const pact = newPact();
    const creationDate = Date.UTC(2026, 0, 15, 9, 30);
    pact
      .given(STATE.publishedMerchantProfile)
      .uponReceiving('a live publish of a published merchant profile')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.publishLive}`,
        headers: JSON_REQUEST,
        body: {
          creationDate: epochMillis(creationDate),
          programId: fromState('programId'),
          profileId: fromState('profileId'),
          profileLocationId: 0,
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          publishId: integer(1),
          creationDate: epochMillis(creationDate),
          programId: integer(EXAMPLE.programId),
          profileId: integer(EXAMPLE.profileId),
          profileLocationId: 0,
          userName: string('admin'),
        },
      });

    await pact.executeTest(async (mock) => {
      const record = await storeFor(mock.url)
        .dispatch(
          merchantApi.endpoints.publishMerchantLive.initiate({
            creationDate,
            programId: EXAMPLE.programId,
            profileId: EXAMPLE.profileId,
            profileLocationId: 0,
          }),
        )
        .unwrap();
      expect(record).toMatchObject({ profileId: EXAMPLE.profileId, profileLocationId: 0 });
    });
  });
});

describe('merchant lookups (02 §7)', () => {
  const program = {
    id: integer(EXAMPLE.programId),
    name: string(PACT_PROGRAM_NAME),
    abbreviation: string('PGC'),
  };

  it('lists the programs', async () => {
    const pact = newPact();
    pact
      .given(STATE.programExists)
      .uponReceiving('a request for the merchant programs')
      .withRequest({
        method: 'GET',
        path: `/api${MERCHANT_PATHS.programs}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { _embedded: { [MERCHANT_EMBEDDED.programs]: eachLike(program) }, page: PAGE_INFO },
      });

    await pact.executeTest(async (mock) => {
      const programs = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantPrograms.initiate())
        .unwrap();
      expect(programs[0]).toEqual({ id: 1, name: PACT_PROGRAM_NAME, abbreviation: 'PGC' });
    });
  });

  it('reads one program', async () => {
    const pact = newPact();
    pact
      .given(STATE.programExists)
      .uponReceiving('a request for a merchant program by id')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(MERCHANT_PATHS.program, 'programId', EXAMPLE.programId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: program });

    await pact.executeTest(async (mock) => {
      const found = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantProgram.initiate(EXAMPLE.programId))
        .unwrap();
      expect(found).toMatchObject({ id: EXAMPLE.programId });
    });
  });

  it('lists the languages', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the merchant languages')
      .withRequest({
        method: 'GET',
        path: `/api${MERCHANT_PATHS.languages}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            [MERCHANT_EMBEDDED.languages]: eachLike({
              id: integer(1),
              languageName: string('English'),
            }),
          },
          page: PAGE_INFO,
        },
      });

    await pact.executeTest(async (mock) => {
      const languages = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantLanguages.initiate())
        .unwrap();
      expect(languages[0]).toEqual({ id: 1, languageName: 'English' });
    });
  });

  const subType = {
    id: integer(9),
    typeId: integer(MERCHANT_PAGE_TYPE.TERMS),
    name: string('Card Terms'),
  };

  it('lists the page types, each with its sub-types as children', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the merchant page types')
      .withRequest({
        method: 'GET',
        path: `/api${MERCHANT_PATHS.pageTypes}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            [MERCHANT_EMBEDDED.pageTypes]: eachLike({
              id: integer(MERCHANT_PAGE_TYPE.TERMS),
              name: string('Terms and Conditions'),
              fl_mandatory: integer(0),
              children: atLeastLike(subType, 0, 1),
            }),
          },
          page: PAGE_INFO,
        },
      });

    await pact.executeTest(async (mock) => {
      const types = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantPageTypes.initiate())
        .unwrap();
      expect(types[0]?.children[0]).toMatchObject({ typeId: MERCHANT_PAGE_TYPE.TERMS });
    });
  });

  it('lists the sub-page types', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the merchant sub-page types')
      .withRequest({
        method: 'GET',
        path: `/api${MERCHANT_PATHS.pageSubTypes}`,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: { [MERCHANT_EMBEDDED.pageSubtypes]: eachLike(subType) },
          page: PAGE_INFO,
        },
      });

    await pact.executeTest(async (mock) => {
      const subTypes = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantPageSubTypes.initiate())
        .unwrap();
      expect(subTypes[0]).toEqual({ id: 9, typeId: MERCHANT_PAGE_TYPE.TERMS, name: 'Card Terms' });
    });
  });
});

describe('merchant selected pages and sub-pages (02 §4, §7)', () => {
  it("reads a profile's selected pages", async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving("a request for a merchant profile's selected pages")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(MERCHANT_PATHS.selectedPageTypes, 'profileId', EXAMPLE.profileId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { profileId: fromState('profileId'), pageTypes: eachLike(SELECTED_PAGE) },
      });

    await pact.executeTest(async (mock) => {
      const pages = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantSelectedPages.initiate(EXAMPLE.profileId))
        .unwrap();
      expect(pages[0]).toMatchObject({ typeId: MERCHANT_PAGE_TYPE.HOME });
    });
  });

  it('saves the page selection of step 3 and answers it', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a page selection of a merchant profile')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.saveSelectedPageTypes}`,
        headers: JSON_REQUEST,
        body: { profileId: fromState('profileId'), pageTypes: PACT_PAGES_FROM_STATE },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { profileId: fromState('profileId'), pageTypes: eachLike(SELECTED_PAGE) },
      });

    await pact.executeTest(async (mock) => {
      const pages = await storeFor(mock.url)
        .dispatch(
          merchantApi.endpoints.saveMerchantSelectedPages.initiate({
            profileId: EXAMPLE.profileId,
            pageTypes: PACT_PAGES,
          }),
        )
        .unwrap();
      expect(pages[0]).toMatchObject({ typeId: MERCHANT_PAGE_TYPE.HOME });
    });
  });

  it('answers 400 naming the page type of an unknown page', async () => {
    const pact = newPact();
    const unknown = { typeId: MISSING_ID, navItem: 'Unknown', title: 'Unknown', content: null };
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a page selection of a merchant profile with an unknown page type')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.saveSelectedPageTypes}`,
        headers: JSON_REQUEST,
        body: { profileId: fromState('profileId'), pageTypes: [unknown] },
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField('pageTypes.0.typeId', `Page type ${MISSING_ID} does not exist`),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        merchantApi.endpoints.saveMerchantSelectedPages.initiate({
          profileId: EXAMPLE.profileId,
          pageTypes: [unknown],
        }),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it("reads a profile's selected sub-pages", async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving("a request for a merchant profile's selected sub-pages")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(MERCHANT_PATHS.selectedPageSubTypes, 'profileId', EXAMPLE.profileId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { profileId: fromState('profileId'), pageSubtypes: eachLike(SELECTED_SUB_PAGE) },
      });

    await pact.executeTest(async (mock) => {
      const subPages = await storeFor(mock.url)
        .dispatch(merchantApi.endpoints.merchantSelectedSubPages.initiate(EXAMPLE.profileId))
        .unwrap();
      expect(subPages[0]).toMatchObject({ pageTypeFk: MERCHANT_PAGE_TYPE.TERMS });
    });
  });

  it('saves the sub-page selection under a selected page and answers it', async () => {
    const pact = newPact();
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a sub-page selection of a merchant profile')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.saveSelectedPageSubTypes}`,
        headers: JSON_REQUEST,
        body: {
          profileId: fromState('profileId'),
          pageSubtypes: [
            { subtypeId: fromState('subtypeId'), pageTypeFk: fromState('termsTypeId') },
          ],
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { profileId: fromState('profileId'), pageSubtypes: eachLike(SELECTED_SUB_PAGE) },
      });

    await pact.executeTest(async (mock) => {
      const subPages = await storeFor(mock.url)
        .dispatch(
          merchantApi.endpoints.saveMerchantSelectedSubPages.initiate({
            profileId: EXAMPLE.profileId,
            pageSubtypes: [{ subtypeId: EXAMPLE.subtypeId, pageTypeFk: MERCHANT_PAGE_TYPE.TERMS }],
          }),
        )
        .unwrap();
      expect(subPages).toEqual([
        { subtypeId: EXAMPLE.subtypeId, pageTypeFk: MERCHANT_PAGE_TYPE.TERMS },
      ]);
    });
  });

  it('answers 400 naming pageTypeFk for a sub-page under an unselected page', async () => {
    const pact = newPact();
    const sub = {
      subtypeId: EXAMPLE.unselectedSubtypeId,
      pageTypeFk: MERCHANT_PAGE_TYPE.PRIVACY_POLICY,
    };
    pact
      .given(STATE.merchantProfile)
      .uponReceiving('a sub-page selection of a merchant profile under an unselected page')
      .withRequest({
        method: 'POST',
        path: `/api${MERCHANT_PATHS.saveSelectedPageSubTypes}`,
        headers: JSON_REQUEST,
        body: {
          profileId: fromState('profileId'),
          pageSubtypes: [
            {
              subtypeId: fromState('unselectedSubtypeId'),
              pageTypeFk: fromState('privacyPolicyTypeId'),
            },
          ],
        },
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: invalidField(
          'pageSubtypes.0.pageTypeFk',
          `Page type ${MERCHANT_PAGE_TYPE.PRIVACY_POLICY} is not selected for profile 1`,
        ),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        merchantApi.endpoints.saveMerchantSelectedSubPages.initiate({
          profileId: EXAMPLE.profileId,
          pageSubtypes: [sub],
        }),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });
});

describe('merchant media upload (02 §2 step 4, §5, §7)', () => {
  /** A 1×1 PNG: the provider checks uploads by their bytes. */
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const FILES = {
    logo: { name: 'pact-logo.png', type: 'image/png', bytes: PNG },
    text: {
      name: 'pact-not-an-image.txt',
      type: 'text/plain',
      bytes: Buffer.from('not an image\n'),
    },
  } as const;
  type FileKey = keyof typeof FILES;

  let dir = '';
  const fileOf = (key: FileKey) => path.join(dir, FILES[key].name);
  const upload = async (key: FileKey, filename: MerchantMediaSlot) =>
    merchantApi.endpoints.uploadMerchantMedia.initiate({
      profileId: EXAMPLE.profileId,
      filename,
      file: new File([await readFile(fileOf(key))], FILES[key].name, { type: FILES[key].type }),
    });
  /** One fixed boundary per interaction, so the committed pact file is stable. */
  const boundaryOf = (description: string) =>
    `pact-merchant-${description.replace(/[^a-z]+/gi, '-').toLowerCase()}`;
  const mediaRequest = (filename: MerchantMediaSlot) => ({
    method: 'POST' as const,
    path: apiPathFromState((id) => MERCHANT_PATHS.mediaUpload(id), 'profileId', EXAMPLE.profileId),
    query: { filename },
    headers: SIGNED_IN_HEADERS,
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pact-merchant-'));
    for (const key of Object.keys(FILES) as FileKey[]) {
      await writeFile(fileOf(key), FILES[key].bytes);
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads a logo as multipart field "image" and answers its path', async () => {
    const pact = newPact();
    const description = 'a merchant logo upload';
    pact
      .given(STATE.merchantProfile)
      .uponReceiving(description)
      .withRequestMultipartFileUpload(
        mediaRequest('logo'),
        'image/png',
        fileOf('logo'),
        MERCHANT_MEDIA_FIELD_NAME,
        boundaryOf(description),
      )
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          id: fromState('profileId'),
          filename: 'logo',
          // The provider's own path or URL (02 §7 gives no form): the client puts an absolute
          // URL in `src` as it is and a path after the URL base (merchantImageLink).
          path: regex(MEDIA_PATH, '/images/0123456789abcdef0123456789abcdef.png'),
        },
      });

    await pact.executeTest(async (mock) => {
      const answer = await storeFor(mock.url)
        .dispatch(await upload('logo', 'logo'))
        .unwrap();
      expect(answer).toMatchObject({ id: EXAMPLE.profileId, filename: 'logo' });
    });
  });

  it('answers 415 for a file that is not an image', async () => {
    const pact = newPact();
    const description = 'a merchant favicon upload that is not an image';
    pact
      .given(STATE.merchantProfile)
      .uponReceiving(description)
      .withRequestMultipartFileUpload(
        mediaRequest('favicon'),
        'text/plain',
        fileOf('text'),
        MERCHANT_MEDIA_FIELD_NAME,
        boundaryOf(description),
      )
      .willRespondWith({
        status: 415,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.UNSUPPORTED_MEDIA, ERROR_MESSAGE.unsupportedMedia),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(await upload('text', 'favicon'));
      expect(result.error).toMatchObject({
        status: 415,
        errorCode: ERROR_CODE.UNSUPPORTED_MEDIA,
      });
    });
  });
});
