/** @jest-environment node */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MatchersV3 } from '@pact-foundation/pact';
import { ERROR_CODE } from '../api/constants';
import { ERROR_MESSAGE } from '../api/error-messages';
import {
  JOURNAL_EMBEDDED,
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  MODULE_ID,
  type JournalPage,
  type JournalProfile,
} from '../api/journal';
import { URL_PATHS } from '../api/paths';
import { journalApi } from '@/features/my-journal/api/journal-api';
import { IMAGE_UPLOAD_FIELD, imageLink, imagesApi } from '@/lib/api/images-api';
import {
  JSON_ANSWER,
  newPact,
  SIGNED_IN_HEADERS,
  STATE,
  errorBody,
  storeFor,
} from './support/pact';

const { eachLike, integer, string, datetime, like, regex, fromProviderState } = MatchersV3;

/**
 * The provider decides the ids and names of the records its states set up
 * (contracts/provider/states.ts); the requests take them through these. The examples are what
 * the client sends in these tests.
 */
const EXAMPLE = {
  profileId: 1,
  programId: 1,
  pageId: 2,
  moduleCodeId: 1,
  siteUrl: 'pact-journal',
  newSiteUrl: 'pact-new-site',
  code: 'MJC_PACT1',
  newCode: 'MJC_PACT2',
  missingProfileId: 9999,
} as const;
const FROM_STATE = {
  profileId: fromProviderState('${profileId}', EXAMPLE.profileId),
  programId: fromProviderState('${programId}', EXAMPLE.programId),
  pageId: fromProviderState('${pageId}', EXAMPLE.pageId),
  siteUrl: fromProviderState('${siteUrl}', EXAMPLE.siteUrl),
};
/** A path with the provider's value for `name` in it (e.g. `/myjournal/profiles/${profileId}`). */
const apiPathFromState = (build: (value: string) => string, name: string, example: number) =>
  fromProviderState(`/api${build(`\${${name}}`)}`, `/api${build(String(example))}`);

/**
 * A stored image's id as the client uses it: it builds the image's address as
 * `{urlBase}/images/{id}.png` (imageLink, client/src/lib/api/images-api.ts), so the id must be one
 * path segment of URL-safe characters. 01 §2.8 gives no other format: not the provider's 32 hex
 * digits, and never a URL or a path (those would make broken links).
 */
const IMAGE_ID = regex(/^[A-Za-z0-9_-]+$/.source, '0123456789abcdef0123456789abcdef');

const ISO_DATE_TIME = "yyyy-MM-dd'T'HH:mm:ss.SSSX";
const JSON_REQUEST = { ...SIGNED_IN_HEADERS, 'Content-Type': 'application/json' };
const RETURN_BODY = { returnBody: 'true' };

const PAGE_INFO = {
  size: integer(15),
  totalElements: integer(2),
  totalPages: integer(1),
  number: integer(1),
};

/** The fields every stored profile holds with a value; the others may be null. */
/**
 * A profile as the list shows it: the fields no profile has null. Every record of the list is
 * matched against it, so a nullable field (cssOverride, emptied in the CSS editor) would fail
 * on a server that holds such a profile.
 */
const PROFILE_LISTED = {
  profileId: integer(1),
  programId: integer(1),
  creationDate: datetime(ISO_DATE_TIME, '2025-01-15T09:00:00.000Z'),
  isPublished: integer(0),
  siteUrl: string(EXAMPLE.siteUrl),
  themeId: integer(2),
  expirationDateCount: integer(0),
  location: integer(0),
};

const PROFILE_CORE = {
  ...PROFILE_LISTED,
  cssOverride: string('body {\n  background-color: #1e1e1e;\n}\n'),
};

/**
 * The profile the state 'a journal profile exists' holds: texts filled in, no images and no
 * module code yet (the provider test seeds exactly this).
 */
const EXISTING_PROFILE = {
  ...PROFILE_CORE,
  title: string('Demo Gift Card Balance'),
  keywords: string('gift card, balance'),
  description: string('Check the balance of your gift card.'),
  googleAnalytics: string('UA-000000-1'),
  clientWebsite: string('https://www.demoretail.example'),
  moduleCode: null,
  moduleCodeId: null,
  logo: null,
  headerImg: null,
  favIcon: null,
  backgroundImg: null,
};

/** What the client sends back on save: the whole profile (01 §7.3). */
const PROFILE_TO_SAVE: JournalProfile = {
  profileId: EXAMPLE.profileId,
  programId: EXAMPLE.programId,
  creationDate: '2025-01-15T09:00:00.000Z',
  isPublished: 0,
  title: 'Demo Gift Card Balance',
  keywords: 'gift card, balance',
  description: 'Check the balance of your gift card.',
  googleAnalytics: 'UA-000000-1',
  clientWebsite: 'https://www.demoretail.example',
  siteUrl: EXAMPLE.siteUrl,
  themeId: 1,
  expirationDateCount: 30,
  location: 0,
  moduleCode: null,
  moduleCodeId: null,
  logo: null,
  headerImg: null,
  favIcon: null,
  backgroundImg: null,
  cssOverride: 'body {\n  background-color: #ffffff;\n}\n',
};

const PAGE_CORE = {
  pageId: integer(1),
  pageTypeId: integer(JOURNAL_PAGE_TYPE.LOGIN),
  profileId: integer(EXAMPLE.profileId),
  enabled: integer(1),
};

const LOCATIONS_PAGE: JournalPage = {
  pageId: EXAMPLE.pageId,
  pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
  profileId: EXAMPLE.profileId,
  enabled: 1,
  title: 'Our Locations',
  content: '<p>Find us at 1 George Street, Sydney.</p>',
  navItem: 'Locations',
};

/** A module code as answered; moduleId by type (01 §3 gives no values, the client never reads it). */
const MODULE_CODE_ANSWER = {
  moduleCodeId: integer(EXAMPLE.moduleCodeId),
  moduleId: integer(MODULE_ID.JOURNAL),
  code: string(EXAMPLE.code),
  name: string('Demo Gift Card'),
  programId: integer(EXAMPLE.programId),
};

/** A 1×1 PNG: the provider checks uploads by their bytes. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('journal profiles (01 §7.3)', () => {
  it('lists the profiles, 1000 to a page', async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfile)
      .uponReceiving('a request for the journal profiles')
      .withRequest({
        method: 'GET',
        path: `/api${JOURNAL_PATHS.profiles}`,
        query: { page: '1', pageSize: '1000' },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: { [JOURNAL_EMBEDDED.profiles]: eachLike(PROFILE_LISTED) },
          page: { ...PAGE_INFO, size: integer(1000) },
        },
      });

    await pact.executeTest(async (mock) => {
      const profiles = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.journalProfiles.initiate())
        .unwrap();
      expect(profiles[0]).toMatchObject({ profileId: 1, siteUrl: EXAMPLE.siteUrl });
    });
  });

  it('reads one profile', async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfile)
      .uponReceiving('a request for a journal profile by id')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(JOURNAL_PATHS.profile, 'profileId', EXAMPLE.profileId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({ status: 200, headers: JSON_ANSWER, body: EXISTING_PROFILE });

    await pact.executeTest(async (mock) => {
      const profile = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.journalProfile.initiate(1))
        .unwrap();
      expect(profile).toMatchObject({ profileId: 1, logo: null, moduleCodeId: null });
    });
  });

  it("reads a profile's stored images as image ids the client links to", async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfileWithImages)
      .uponReceiving('a request for a journal profile with stored images')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(JOURNAL_PATHS.profile, 'profileId', EXAMPLE.profileId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          ...EXISTING_PROFILE,
          logo: IMAGE_ID,
          headerImg: IMAGE_ID,
          favIcon: IMAGE_ID,
          backgroundImg: IMAGE_ID,
        },
      });

    await pact.executeTest(async (mock) => {
      const profile = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.journalProfile.initiate(EXAMPLE.profileId))
        .unwrap();
      const links = [profile.logo, profile.headerImg, profile.favIcon, profile.backgroundImg].map(
        (id) => (id === null ? null : imageLink('https://portal.example/url', id)),
      );
      expect(links).toEqual(
        Array(4).fill('https://portal.example/url/images/0123456789abcdef0123456789abcdef.png'),
      );
    });
  });

  it('answers 404 with an error body for an unknown profile', async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfileMissing)
      .uponReceiving('a request for a journal profile that does not exist')
      .withRequest({
        method: 'GET',
        path: apiPathFromState(JOURNAL_PATHS.profile, 'profileId', EXAMPLE.missingProfileId),
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 404,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.NOT_FOUND, 'Profile 9999 not found'),
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        journalApi.endpoints.journalProfile.initiate(EXAMPLE.missingProfileId),
      );
      expect(result.error).toMatchObject({ status: 404, errorCode: ERROR_CODE.NOT_FOUND });
    });
  });

  it('creates a profile at step 1 and answers the stored profile', async () => {
    const pact = newPact();
    pact
      .given(STATE.programExists)
      .given(STATE.siteUrlUnused)
      .uponReceiving('a new journal profile')
      .withRequest({
        method: 'POST',
        path: `/api${JOURNAL_PATHS.profiles}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: {
          programId: FROM_STATE.programId,
          siteUrl: fromProviderState('${siteUrl}', EXAMPLE.newSiteUrl),
          themeId: 2,
          expirationDateCount: 0,
          location: 0,
        },
      })
      .willRespondWith({
        status: 201,
        headers: JSON_ANSWER,
        body: {
          ...PROFILE_CORE,
          siteUrl: string(EXAMPLE.newSiteUrl),
          isPublished: 0,
          title: null,
          keywords: null,
          description: null,
          googleAnalytics: null,
          clientWebsite: null,
          moduleCode: null,
          moduleCodeId: null,
          logo: null,
          headerImg: null,
          favIcon: null,
          backgroundImg: null,
        },
      });

    await pact.executeTest(async (mock) => {
      const profile = await storeFor(mock.url)
        .dispatch(
          journalApi.endpoints.createJournalProfile.initiate({
            programId: EXAMPLE.programId,
            siteUrl: EXAMPLE.newSiteUrl,
            themeId: 2,
            expirationDateCount: 0,
            location: 0,
          }),
        )
        .unwrap();
      expect(profile).toMatchObject({ siteUrl: EXAMPLE.newSiteUrl, isPublished: 0 });
      expect(typeof profile.profileId).toBe('number');
    });
  });

  it('answers 400 naming siteUrl for an unsafe address', async () => {
    const pact = newPact();
    pact
      .given(STATE.programExists)
      .uponReceiving('a new journal profile with an unsafe siteUrl')
      .withRequest({
        method: 'POST',
        path: `/api${JOURNAL_PATHS.profiles}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: { programId: FROM_STATE.programId, siteUrl: 'bad site!' },
      })
      .willRespondWith({
        status: 400,
        headers: JSON_ANSWER,
        body: {
          errorCode: ERROR_CODE.VALIDATION,
          errorMessage: regex(
            /^siteUrl: .+/.source,
            'siteUrl: Only letters, digits, - and _ are allowed',
          ),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        journalApi.endpoints.createJournalProfile.initiate({ programId: 1, siteUrl: 'bad site!' }),
      );
      expect(result.error).toMatchObject({ status: 400, errorCode: ERROR_CODE.VALIDATION });
    });
  });

  it('answers 409 for a siteUrl another profile uses', async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfile)
      .uponReceiving('a new journal profile with a siteUrl already used')
      .withRequest({
        method: 'POST',
        path: `/api${JOURNAL_PATHS.profiles}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: { programId: FROM_STATE.programId, siteUrl: FROM_STATE.siteUrl },
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: {
          errorCode: ERROR_CODE.CONFLICT,
          errorMessage: regex(/^siteUrl: .+/.source, `siteUrl: ${EXAMPLE.siteUrl} is already used`),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        journalApi.endpoints.createJournalProfile.initiate({
          programId: EXAMPLE.programId,
          siteUrl: EXAMPLE.siteUrl,
        }),
      );
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('saves the whole profile and answers the stored one', async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfile)
      .uponReceiving('a save of a whole journal profile')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(JOURNAL_PATHS.profile, 'profileId', EXAMPLE.profileId),
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: {
          ...PROFILE_TO_SAVE,
          profileId: FROM_STATE.profileId,
          programId: FROM_STATE.programId,
          siteUrl: FROM_STATE.siteUrl,
        },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: like(PROFILE_TO_SAVE),
      });

    await pact.executeTest(async (mock) => {
      const saved = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.updateJournalProfile.initiate(PROFILE_TO_SAVE))
        .unwrap();
      expect(saved).toEqual(PROFILE_TO_SAVE);
    });
  });
});

describe('journal pages (01 §7.3)', () => {
  it("lists a profile's pages, 15 to a page", async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfileWithPages, { pageTypeId: JOURNAL_PAGE_TYPE.LOGIN })
      .uponReceiving("a request for a journal profile's pages")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(JOURNAL_PATHS.profilePages, 'profileId', EXAMPLE.profileId),
        query: { page: '1', pageSize: '15' },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { _embedded: { [JOURNAL_EMBEDDED.pages]: eachLike(PAGE_CORE) }, page: PAGE_INFO },
      });

    await pact.executeTest(async (mock) => {
      const pages = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.journalPages.initiate(EXAMPLE.profileId))
        .unwrap();
      expect(pages[0]).toMatchObject({ profileId: EXAMPLE.profileId });
    });
  });

  it('creates a page for a selected page type', async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfileWithoutPageType, { pageTypeId: JOURNAL_PAGE_TYPE.FAQ })
      .uponReceiving('a new FAQ page for a journal profile')
      .withRequest({
        method: 'POST',
        path: `/api${JOURNAL_PATHS.pages}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: { pageTypeId: JOURNAL_PAGE_TYPE.FAQ, profileId: FROM_STATE.profileId },
      })
      .willRespondWith({
        status: 201,
        headers: JSON_ANSWER,
        body: {
          pageId: integer(3),
          pageTypeId: JOURNAL_PAGE_TYPE.FAQ,
          profileId: integer(EXAMPLE.profileId),
          enabled: 1,
          title: null,
          content: null,
          navItem: null,
        },
      });

    await pact.executeTest(async (mock) => {
      const page = await storeFor(mock.url)
        .dispatch(
          journalApi.endpoints.createJournalPage.initiate({
            pageTypeId: JOURNAL_PAGE_TYPE.FAQ,
            profileId: EXAMPLE.profileId,
          }),
        )
        .unwrap();
      expect(page).toMatchObject({ pageTypeId: JOURNAL_PAGE_TYPE.FAQ, enabled: 1 });
    });
  });

  it('answers 409 for a second page of the same type', async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfileWithPages, { pageTypeId: JOURNAL_PAGE_TYPE.LOGIN })
      .uponReceiving('a second Login page for a journal profile')
      .withRequest({
        method: 'POST',
        path: `/api${JOURNAL_PATHS.pages}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: { pageTypeId: JOURNAL_PAGE_TYPE.LOGIN, profileId: FROM_STATE.profileId },
      })
      .willRespondWith({
        status: 409,
        headers: JSON_ANSWER,
        body: {
          errorCode: ERROR_CODE.CONFLICT,
          errorMessage: regex(
            /^pageTypeId: .+/.source,
            'pageTypeId: Profile 1 already has a page of type 1',
          ),
        },
      });

    await pact.executeTest(async (mock) => {
      const result = await storeFor(mock.url).dispatch(
        journalApi.endpoints.createJournalPage.initiate({
          pageTypeId: JOURNAL_PAGE_TYPE.LOGIN,
          profileId: EXAMPLE.profileId,
        }),
      );
      expect(result.error).toMatchObject({ status: 409, errorCode: ERROR_CODE.CONFLICT });
    });
  });

  it('saves a page from its editor', async () => {
    const pact = newPact();
    pact
      .given(STATE.journalProfileWithPages, { pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS })
      .uponReceiving('a save of a Locations page')
      .withRequest({
        method: 'PUT',
        path: apiPathFromState(JOURNAL_PATHS.page, 'pageId', EXAMPLE.pageId),
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: { ...LOCATIONS_PAGE, pageId: FROM_STATE.pageId, profileId: FROM_STATE.profileId },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: like(LOCATIONS_PAGE),
      });

    await pact.executeTest(async (mock) => {
      const page = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.updateJournalPage.initiate(LOCATIONS_PAGE))
        .unwrap();
      expect(page).toEqual(LOCATIONS_PAGE);
    });
  });

  it('lists the page types, 15 to a page', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the journal page types')
      .withRequest({
        method: 'GET',
        path: `/api${JOURNAL_PATHS.pageTypes}`,
        query: { page: '1', pageSize: '15' },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: {
            [JOURNAL_EMBEDDED.pageTypes]: eachLike({
              pageTypeId: integer(JOURNAL_PAGE_TYPE.LOGIN),
              name: string('Login'),
              description: string('Card balance check'),
              mandatory: integer(1),
            }),
          },
          page: PAGE_INFO,
        },
      });

    await pact.executeTest(async (mock) => {
      const types = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.journalPageTypes.initiate())
        .unwrap();
      expect(types[0]).toMatchObject({ name: 'Login' });
    });
  });
});

describe('module codes (01 §4.2, §7.3)', () => {
  it('creates the module code of a published site', async () => {
    const pact = newPact();
    pact
      .given(STATE.programExists)
      .given(STATE.moduleCodeUnused)
      .uponReceiving('a new module code')
      .withRequest({
        method: 'POST',
        path: `/api${JOURNAL_PATHS.moduleCodes}`,
        query: RETURN_BODY,
        headers: JSON_REQUEST,
        body: {
          name: 'Demo Gift Card',
          code: fromProviderState('${code}', EXAMPLE.newCode),
          programId: FROM_STATE.programId,
        },
      })
      .willRespondWith({
        status: 201,
        headers: JSON_ANSWER,
        body: { ...MODULE_CODE_ANSWER, code: string(EXAMPLE.newCode), name: 'Demo Gift Card' },
      });

    await pact.executeTest(async (mock) => {
      const created = await storeFor(mock.url)
        .dispatch(
          journalApi.endpoints.createModuleCode.initiate({
            name: 'Demo Gift Card',
            code: EXAMPLE.newCode,
            programId: EXAMPLE.programId,
          }),
        )
        .unwrap();
      expect(created).toMatchObject({ code: EXAMPLE.newCode, moduleId: MODULE_ID.JOURNAL });
    });
  });

  it("lists a program's module codes", async () => {
    const pact = newPact();
    pact
      .given(STATE.moduleCode)
      .uponReceiving("a request for a program's module codes")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(JOURNAL_PATHS.programModuleCodes, 'programId', EXAMPLE.programId),
        query: RETURN_BODY,
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          _embedded: { [JOURNAL_EMBEDDED.moduleCodes]: eachLike(MODULE_CODE_ANSWER) },
          page: PAGE_INFO,
        },
      });

    await pact.executeTest(async (mock) => {
      const codes = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.programModuleCodes.initiate(EXAMPLE.programId))
        .unwrap();
      expect(codes[0]).toMatchObject({ programId: EXAMPLE.programId });
    });
  });

  it('looks a module code up by id: 200 with the code', async () => {
    const pact = newPact();
    pact
      .given(STATE.moduleCode)
      .uponReceiving("a lookup of a program's module code by id")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(JOURNAL_PATHS.moduleCodeById, 'programId', EXAMPLE.programId),
        query: {
          ...RETURN_BODY,
          moduleCodeId: fromProviderState('${moduleCodeId}', String(EXAMPLE.moduleCodeId)),
        },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { ...MODULE_CODE_ANSWER, code: fromProviderState('${code}', EXAMPLE.code) },
      });

    await pact.executeTest(async (mock) => {
      const found = await storeFor(mock.url)
        .dispatch(
          journalApi.endpoints.lookupModuleCode.initiate({
            programId: EXAMPLE.programId,
            moduleCodeId: EXAMPLE.moduleCodeId,
          }),
        )
        .unwrap();
      expect(found).toMatchObject({ status: 200, code: EXAMPLE.code });
    });
  });

  it('looks a module code up by id: 204 while the profile has none', async () => {
    const pact = newPact();
    pact
      .given(STATE.programExists)
      .uponReceiving("a lookup of a program's module code without an id")
      .withRequest({
        method: 'GET',
        path: apiPathFromState(JOURNAL_PATHS.moduleCodeById, 'programId', EXAMPLE.programId),
        query: { ...RETURN_BODY, moduleCodeId: '' },
        headers: SIGNED_IN_HEADERS,
      })
      .willRespondWith({ status: 204 });

    await pact.executeTest(async (mock) => {
      const found = await storeFor(mock.url)
        .dispatch(
          journalApi.endpoints.lookupModuleCode.initiate({
            programId: EXAMPLE.programId,
            moduleCodeId: null,
          }),
        )
        .unwrap();
      expect(found).toEqual({ status: 204, code: null, moduleCode: null });
    });
  });
});

describe('journal deployments (01 §7.3)', () => {
  it('records the deployment of a published profile', async () => {
    const pact = newPact();
    pact
      .given(STATE.publishedJournalProfile)
      .uponReceiving('a deployment of a published journal profile')
      .withRequest({
        method: 'POST',
        path: `/api${JOURNAL_PATHS.deployments}`,
        headers: JSON_REQUEST,
        body: { profileId: FROM_STATE.profileId },
      })
      .willRespondWith({
        status: 201,
        headers: JSON_ANSWER,
        body: {
          deploymentId: integer(1),
          profileId: integer(EXAMPLE.profileId),
          siteUrl: string('pact-published'),
          location: integer(0),
          deployedAt: datetime(ISO_DATE_TIME, '2025-01-15T09:30:00.000Z'),
          userName: string('admin'),
        },
      });

    await pact.executeTest(async (mock) => {
      const deployment = await storeFor(mock.url)
        .dispatch(journalApi.endpoints.createDeployment.initiate({ profileId: EXAMPLE.profileId }))
        .unwrap();
      expect(deployment).toMatchObject({ profileId: EXAMPLE.profileId, siteUrl: 'pact-published' });
    });
  });
});

/** A file whose bytes are no image: the provider tells an image by its bytes, not its name. */
const NOT_AN_IMAGE = 'Not an image, just text.\n';

describe('journal media upload (01 §2.8, §7.3)', () => {
  let dir = '';
  let pngFile = '';
  let textFile = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pact-upload-'));
    pngFile = path.join(dir, 'logo.png');
    await writeFile(pngFile, PNG_BYTES);
    textFile = path.join(dir, 'notes.txt');
    await writeFile(textFile, NOT_AN_IMAGE);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads an image as multipart field "file" on the URL base', async () => {
    const pact = newPact();
    pact
      .uponReceiving('an image upload')
      .withRequestMultipartFileUpload(
        { method: 'POST', path: URL_PATHS.images, headers: SIGNED_IN_HEADERS },
        'image/png',
        pngFile,
        IMAGE_UPLOAD_FIELD,
        // Fixed, so the committed pact file does not change on every run.
        'pact-image-upload-boundary',
      )
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: { id: IMAGE_ID },
      });

    await pact.executeTest(async (mock) => {
      const file = new File([await readFile(pngFile)], 'logo.png', { type: 'image/png' });
      const uploaded = await storeFor(mock.url)
        .dispatch(imagesApi.endpoints.uploadImage.initiate(file))
        .unwrap();
      expect(typeof uploaded.id).toBe('string');
    });
  });

  it('answers 401 with error code 11 to an image upload without a token (the URL base)', async () => {
    const pact = newPact();
    pact
      .uponReceiving('an image upload without a token')
      .withRequestMultipartFileUpload(
        { method: 'POST', path: URL_PATHS.images },
        'image/png',
        pngFile,
        IMAGE_UPLOAD_FIELD,
        'pact-image-upload-without-token-boundary',
      )
      .willRespondWith({
        status: 401,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.SESSION_EXPIRED, ERROR_MESSAGE.authRequired),
      });

    await pact.executeTest(async (mock) => {
      const file = new File([await readFile(pngFile)], 'logo.png', { type: 'image/png' });
      const result = await storeFor(mock.url, null).dispatch(
        imagesApi.endpoints.uploadImage.initiate(file),
      );
      expect(result.error).toMatchObject({ status: 401, errorCode: ERROR_CODE.SESSION_EXPIRED });
    });
  });

  it('answers 415 with error code 5 to an upload that is not an image', async () => {
    const pact = newPact();
    pact
      .uponReceiving('an image upload of a file that is not an image')
      .withRequestMultipartFileUpload(
        { method: 'POST', path: URL_PATHS.images, headers: SIGNED_IN_HEADERS },
        'text/plain',
        textFile,
        IMAGE_UPLOAD_FIELD,
        'pact-image-upload-not-an-image-boundary',
      )
      .willRespondWith({
        status: 415,
        headers: JSON_ANSWER,
        body: errorBody(ERROR_CODE.UNSUPPORTED_MEDIA, ERROR_MESSAGE.unsupportedMedia),
      });

    await pact.executeTest(async (mock) => {
      const file = new File([await readFile(textFile)], 'notes.txt', { type: 'text/plain' });
      const result = await storeFor(mock.url).dispatch(
        imagesApi.endpoints.uploadImage.initiate(file),
      );
      expect(result.error).toMatchObject({ status: 415, errorCode: ERROR_CODE.UNSUPPORTED_MEDIA });
    });
  });
});
