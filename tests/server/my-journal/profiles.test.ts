import { ERROR_CODE, SITE_PROGRAM } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  DEFAULT_THEME_ID,
  EXPIRATION_DATE_COUNT_IDS,
  JOURNAL_LIMITS,
  JOURNAL_PAGE_SIZE,
  JOURNAL_PATHS,
  type JournalProfile,
} from '@contracts/api/journal';
import { TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import { defaultJournalStylesheet } from '@contracts/site/style-model';
import {
  createJournalTestApp,
  expectError,
  TEST_MODULE_CODE,
  TEST_PROFILE,
  TEST_PROGRAMS,
  type JournalTestApp,
} from './journal-test-app';
import { buildJournalProfile } from '../../support/builders';
import { addTestLoyaltyProgram, TEST_LOYALTY_PROGRAM as LOYALTY } from '../support/test-programs';

const SCRIPT = '<script>alert(1)</script>';
const STYLE_BREAKOUT = `body { color: red; }</style>${SCRIPT}`;
const THEME_MESSAGE = 'Must be 1 (light) or 2 (dark)';
const EXPIRATION_MESSAGE = `Must be one of ${EXPIRATION_DATE_COUNT_IDS.join(', ')}`;
const SITE_URL_CHARACTERS = 'Only letters, digits, - and _ are allowed';

/** The program of the test site, and another one. */
const GIFT = TEST_PROGRAMS.gift.programId;
const OTHER = TEST_PROGRAMS.other.programId;

const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });

describe('journal profiles', () => {
  let t: JournalTestApp;
  beforeEach(async () => {
    t = await createJournalTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const listProfiles = (query = '') => t.get(`${JOURNAL_PATHS.profiles}${query}`);
  const createProfile = (body: unknown, returnBody = true) =>
    t.post(`${JOURNAL_PATHS.profiles}${returnBody ? '?returnBody=true' : ''}`, body);
  const updateProfile = (id: number, body: unknown, returnBody = true) =>
    t.put(`${JOURNAL_PATHS.profile(id)}${returnBody ? '?returnBody=true' : ''}`, body);

  describe('reading', () => {
    it('lists the profiles as an embedded list, 1000 to a page as the client asks', async () => {
      const response = await listProfiles(`?page=1&pageSize=${JOURNAL_PAGE_SIZE.profiles}`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.body as EmbeddedList<'profiles', JournalProfile>;
      expect(body.page).toEqual({ size: 1000, totalElements: 1, totalPages: 1, number: 1 });
      expect(body._embedded.profiles).toEqual([TEST_PROFILE]);
    });

    it('pages the list in profile id order', async () => {
      for (const siteUrl of ['second', 'third-site']) {
        await createProfile({ programId: OTHER, siteUrl }).expect(201);
      }
      const response = await listProfiles('?page=2&pageSize=2').expect(200);
      const body = response.body as EmbeddedList<'profiles', JournalProfile>;
      expect(body._embedded.profiles.map((p) => p.profileId)).toEqual([3]);
      expect(body.page).toEqual({ size: 2, totalElements: 3, totalPages: 2, number: 2 });
    });

    it('reads a profile with every field', async () => {
      const response = await t.get(JOURNAL_PATHS.profile(TEST_PROFILE.profileId)).expect(200);
      expect(response.body).toEqual(TEST_PROFILE);
    });

    it('answers 404 JSON for an unknown profile and 400 for a malformed id', async () => {
      expectError(await t.get(JOURNAL_PATHS.profile(999)), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Profile 999 not found',
      });
      expectError(
        await t.get(JOURNAL_PATHS.profile('abc')),
        400,
        invalid('id: Must be a whole number'),
      );
    });

    it('refuses a page size over the largest list the client asks for', async () => {
      expectError(
        await listProfiles('?page=1&pageSize=1001'),
        400,
        invalid('pageSize: Must be at most 1000'),
      );
    });
  });

  describe('creating', () => {
    it('creates a step-1 profile with the defaults filled in and stores it', async () => {
      const before = Date.now();
      const response = await createProfile({ programId: GIFT, siteUrl: 'new-site' });
      expect(response.status).toBe(201);
      const profile = response.body as JournalProfile;
      expect(profile).toEqual({
        profileId: 2,
        programId: GIFT,
        creationDate: expect.any(String),
        isPublished: 0,
        title: null,
        keywords: null,
        description: null,
        googleAnalytics: null,
        clientWebsite: null,
        siteUrl: 'new-site',
        themeId: DEFAULT_THEME_ID,
        expirationDateCount: 0,
        location: 0,
        moduleCode: null,
        moduleCodeId: null,
        logo: null,
        headerImg: null,
        favIcon: null,
        backgroundImg: null,
        cssOverride: defaultJournalStylesheet(DEFAULT_THEME_ID),
      });
      expect(Date.parse(profile.creationDate)).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(profile.creationDate).toISOString()).toBe(profile.creationDate);
      expect((await t.dataFile()).journalProfiles).toContainEqual(profile);
      expect(await t.profile(2)).toEqual(profile);
    });

    it('writes the light stylesheet for theme 1 and keeps a stylesheet that was sent', async () => {
      const light = await createProfile({ programId: GIFT, siteUrl: 'light-site', themeId: 1 });
      expect(light.body).toMatchObject({ themeId: 1, cssOverride: defaultJournalStylesheet(1) });
      const own = await createProfile({
        programId: GIFT,
        siteUrl: 'own-css',
        cssOverride: 'body { color: red; }',
        location: 1,
        expirationDateCount: 30,
      });
      expect(own.body).toMatchObject({
        cssOverride: 'body { color: red; }',
        location: 1,
        expirationDateCount: 30,
      });
      const empty = await createProfile({ programId: GIFT, siteUrl: 'empty-css', cssOverride: '' });
      expect(empty.body).toMatchObject({ cssOverride: defaultJournalStylesheet(DEFAULT_THEME_ID) });
    });

    it('sets id, date, publication and module code itself, whatever the body says', async () => {
      const response = await createProfile({
        profileId: 77,
        creationDate: '1999-01-01T00:00:00.000Z',
        programId: GIFT,
        siteUrl: 'imported',
        isPublished: 1,
        moduleCode: `MJC_${GIFT}TGC77`,
        moduleCodeId: 1,
        title: 'Imported site',
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        profileId: 2,
        isPublished: 0,
        moduleCode: null,
        moduleCodeId: null,
        title: 'Imported site',
      });
      expect((response.body as JournalProfile).creationDate).not.toBe('1999-01-01T00:00:00.000Z');
    });

    it('answers only the new id without returnBody=true', async () => {
      const response = await createProfile({ programId: GIFT, siteUrl: 'id-only' }, false);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ profileId: 2 });
      expect(await t.profile(2)).toMatchObject({ siteUrl: 'id-only' });
    });

    it('takes uploaded images by id', async () => {
      const imageId = await t.uploadImage();
      const response = await createProfile({
        programId: GIFT,
        siteUrl: 'with-images',
        logo: imageId,
        headerImg: imageId,
        favIcon: null,
        backgroundImg: '',
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        logo: imageId,
        headerImg: imageId,
        favIcon: null,
        backgroundImg: null,
      });
    });

    // Scheme Name offers gift programs only; the rule is the merchant builder's too.
    it('refuses a loyalty program and writes nothing; a stored profile of one still saves', async () => {
      await t.store.update((data) => {
        addTestLoyaltyProgram(data);
        data.journalProfiles.push(
          buildJournalProfile({ profileId: 2, programId: LOYALTY.programId, siteUrl: 'loyal' }),
        );
      });
      await t.expectNothingWritten(async () => {
        expectError(
          await createProfile({ programId: LOYALTY.programId, siteUrl: 'loyalty-site' }),
          400,
          invalid(`programId: ${SITE_PROGRAM.notGift(LOYALTY.programId, LOYALTY.schemeName)}`),
        );
      });
      await updateProfile(2, { title: 'Loyal balance' }).expect(200);
      expect(await t.profile(2)).toMatchObject({
        programId: LOYALTY.programId,
        title: 'Loyal balance',
      });
    });
  });

  describe('updating', () => {
    it('replaces the editable fields with the whole profile sent and stores it', async () => {
      const imageId = await t.uploadImage();
      const stored = await t.profile(1);
      const sent: JournalProfile = {
        ...stored,
        title: 'New title',
        keywords: 'a, b',
        description: 'About',
        googleAnalytics: 'UA-1',
        clientWebsite: 'https://example.test',
        siteUrl: 'test-gift-2',
        themeId: 1,
        expirationDateCount: 180,
        location: 1,
        isPublished: 0,
        logo: imageId,
        headerImg: imageId,
        favIcon: imageId,
        backgroundImg: imageId,
        cssOverride: 'p { color: blue; }',
      };
      const response = await updateProfile(1, sent);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(sent);
      expect((await t.dataFile()).journalProfiles).toEqual([sent]);
    });

    it('keeps the path id and the stored creation date', async () => {
      const stored = await t.profile(1);
      const response = await updateProfile(1, {
        ...stored,
        profileId: 42,
        creationDate: '2000-01-01T00:00:00.000Z',
        title: 'Same site',
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...stored, title: 'Same site' });
    });

    it('keeps fields that are left out and clears fields sent as null', async () => {
      const stored = await t.profile(1);
      const response = await updateProfile(1, { keywords: null, title: 'Only the title' });
      expect(response.body).toEqual({ ...stored, keywords: null, title: 'Only the title' });
    });

    it('clears an image slot sent as an empty string', async () => {
      const imageId = await t.uploadImage();
      await updateProfile(1, { logo: imageId }).expect(200);
      const response = await updateProfile(1, { logo: '' }).expect(200);
      expect(response.body).toMatchObject({ logo: null });
    });

    it('answers only the id without returnBody=true', async () => {
      const response = await updateProfile(1, { title: 'Plain answer' }, false);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ profileId: 1 });
    });

    it('publishes with a module code of the profile program', async () => {
      const created = (await createProfile({ programId: GIFT, siteUrl: 'to-publish' })).body as {
        profileId: number;
      };
      // Its mandatory Login page first (publish-rules.test.ts: no publishing without it).
      await t
        .post(JOURNAL_PATHS.pages, { pageTypeId: 1, profileId: created.profileId })
        .expect(201);
      const response = await updateProfile(created.profileId, {
        isPublished: 1,
        moduleCode: TEST_MODULE_CODE.code,
        moduleCodeId: TEST_MODULE_CODE.moduleCodeId,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ isPublished: 1, moduleCodeId: 1 });
    });

    it('answers 404 JSON for an unknown profile and writes nothing', async () => {
      await t.expectNothingWritten(async () => {
        expectError(await updateProfile(999, { title: 'Nobody' }), 404, {
          errorCode: ERROR_CODE.NOT_FOUND,
          errorMessage: 'Profile 999 not found',
        });
      });
    });

    it('refuses to move a profile to another program', async () => {
      const stored = await t.profile(1);
      await t.expectNothingWritten(async () => {
        expectError(
          await updateProfile(1, { ...stored, programId: OTHER }),
          400,
          invalid('programId: The program of a profile cannot change'),
        );
      });
    });

    it('refuses a module code of another program or one that does not exist', async () => {
      await createProfile({ programId: OTHER, siteUrl: 'other-program' }).expect(201);
      await t.expectNothingWritten(async () => {
        expectError(
          await updateProfile(2, { moduleCodeId: TEST_MODULE_CODE.moduleCodeId }),
          400,
          invalid(`moduleCodeId: Module code 1 does not exist for program ${OTHER}`),
        );
        expectError(
          await updateProfile(1, { moduleCodeId: 99 }),
          400,
          invalid(`moduleCodeId: Module code 99 does not exist for program ${GIFT}`),
        );
      });
    });

    it('refuses a siteUrl another profile uses, in any case, and keeps its own', async () => {
      await createProfile({ programId: GIFT, siteUrl: 'second-site' }).expect(201);
      await t.expectNothingWritten(async () => {
        expectError(await updateProfile(2, { siteUrl: 'Test-Gift' }), 409, {
          errorCode: ERROR_CODE.CONFLICT,
          errorMessage: 'siteUrl: Test-Gift is already used',
        });
      });
      await updateProfile(2, { siteUrl: 'SECOND-SITE' }).expect(200);
    });
  });

  describe('bad input', () => {
    const valid = { programId: GIFT, siteUrl: 'valid-site' };
    const long = (length: number) => 'x'.repeat(length);

    it.each<[string, Record<string, unknown>, string]>([
      ['no programId', { siteUrl: 'abcd' }, `programId: ${FIELD_MESSAGES.required}`],
      ['no siteUrl', { programId: GIFT }, `siteUrl: ${FIELD_MESSAGES.required}`],
      ['a string programId', { ...valid, programId: String(GIFT) }, 'programId: Expected a number'],
      ['a fractional programId', { ...valid, programId: 1.5 }, 'programId: Must be a whole number'],
      ['a number siteUrl', { ...valid, siteUrl: 12345 }, 'siteUrl: Expected a string'],
      ['an empty siteUrl', { ...valid, siteUrl: '' }, `siteUrl: ${FIELD_MESSAGES.required}`],
      [
        'a 3-character siteUrl',
        { ...valid, siteUrl: 'abc' },
        `siteUrl: ${FIELD_MESSAGES.minlength}`,
      ],
      [
        'a 33-character siteUrl',
        { ...valid, siteUrl: long(JOURNAL_LIMITS.siteUrl.max + 1) },
        `siteUrl: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a siteUrl with a slash',
        { ...valid, siteUrl: '../admin' },
        `siteUrl: ${SITE_URL_CHARACTERS}`,
      ],
      [
        'a siteUrl with a space',
        { ...valid, siteUrl: 'my site' },
        `siteUrl: ${SITE_URL_CHARACTERS}`,
      ],
      [
        'a siteUrl with markup',
        { ...valid, siteUrl: '<b>site</b>' },
        `siteUrl: ${SITE_URL_CHARACTERS}`,
      ],
      ['a one-letter title', { ...valid, title: 'A' }, `title: ${FIELD_MESSAGES.minlength}`],
      ['a blank title', { ...valid, title: '   ' }, `title: ${FIELD_MESSAGES.required}`],
      ['a title of one space', { ...valid, title: ' ' }, `title: ${FIELD_MESSAGES.required}`],
      [
        'a 101-character title',
        { ...valid, title: long(JOURNAL_LIMITS.title.max + 1) },
        `title: ${FIELD_MESSAGES.maxlength}`,
      ],
      ['a number title', { ...valid, title: 42 }, 'title: Expected a string'],
      [
        'an empty description',
        { ...valid, description: '' },
        `description: ${FIELD_MESSAGES.required}`,
      ],
      [
        'a blank description',
        { ...valid, description: ' \n ' },
        `description: ${FIELD_MESSAGES.required}`,
      ],
      ['theme 3', { ...valid, themeId: 3 }, `themeId: ${THEME_MESSAGE}`],
      ['a string theme', { ...valid, themeId: '2' }, `themeId: ${THEME_MESSAGE}`],
      [
        'expirationDateCount 5',
        { ...valid, expirationDateCount: 5 },
        `expirationDateCount: ${EXPIRATION_MESSAGE}`,
      ],
      ['location 2', { ...valid, location: 2 }, 'location: Must be 0 or 1'],
      ['isPublished true', { ...valid, isPublished: true }, 'isPublished: Must be 0 or 1'],
      ['an unknown field', { ...valid, colour: 'red' }, 'colour: Unknown field'],
      ['an unknown program', { ...valid, programId: 999 }, 'programId: Program 999 does not exist'],
      [
        'an unknown logo',
        { ...valid, logo: 'no-such-image' },
        'logo: Image no-such-image does not exist',
      ],
      [
        'an unknown header image',
        { ...valid, headerImg: 'abc' },
        'headerImg: Image abc does not exist',
      ],
      ['an unknown favicon', { ...valid, favIcon: 'abc' }, 'favIcon: Image abc does not exist'],
      [
        'an unknown background',
        { ...valid, backgroundImg: 'abc' },
        'backgroundImg: Image abc does not exist',
      ],
      ['a number image', { ...valid, logo: 5 }, 'logo: Expected a string'],
    ])('refuses %s with 400 naming the field and writes nothing', async (_name, body, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await createProfile(body), 400, invalid(message));
      });
    });

    it.each([
      ['keywords', JOURNAL_LIMITS.keywords],
      ['description', JOURNAL_LIMITS.description],
      ['googleAnalytics', JOURNAL_LIMITS.googleAnalytics],
      // clientWebsite (a URL, capped too): publish-rules.test.ts.
      ['cssOverride', JOURNAL_LIMITS.cssOverride],
    ])('caps %s at %i characters', async (field, max) => {
      await t.expectNothingWritten(async () => {
        expectError(
          await updateProfile(1, { [field]: long(max + 1) }),
          400,
          invalid(`${field}: ${FIELD_MESSAGES.maxlength}`),
        );
      });
      const response = await updateProfile(1, { [field]: long(max) });
      expect(response.status).toBe(200);
      expect((response.body as Record<string, unknown>)[field]).toBe(long(max));
    });

    it('refuses a siteUrl that is already used, in any case, with 409', async () => {
      await t.expectNothingWritten(async () => {
        expectError(await createProfile({ programId: OTHER, siteUrl: 'TEST-gift' }), 409, {
          errorCode: ERROR_CODE.CONFLICT,
          errorMessage: 'siteUrl: TEST-gift is already used',
        });
      });
    });

    it('refuses a bad returnBody and malformed JSON', async () => {
      await t.expectNothingWritten(async () => {
        expectError(
          await t.post(`${JOURNAL_PATHS.profiles}?returnBody=yes`, valid),
          400,
          invalid('returnBody: Must be true or false'),
        );
        const malformed = await t
          .post(JOURNAL_PATHS.profiles, '{"programId": 1,')
          .set('Content-Type', 'application/json');
        expect(malformed.status).toBe(400);
        expect(malformed.body).toMatchObject({ errorCode: ERROR_CODE.MALFORMED_JSON });
      });
    });

    it('refuses bad fields on update too, and writes nothing', async () => {
      const stored = await t.profile(1);
      await t.expectNothingWritten(async () => {
        expectError(
          await updateProfile(1, { ...stored, themeId: 3 }),
          400,
          invalid(`themeId: ${THEME_MESSAGE}`),
        );
        expectError(
          await updateProfile(1, { ...stored, title: 'A' }),
          400,
          invalid(`title: ${FIELD_MESSAGES.minlength}`),
        );
        expectError(
          await updateProfile(1, { ...stored, description: '   ' }),
          400,
          invalid(`description: ${FIELD_MESSAGES.required}`),
        );
        expectError(
          await updateProfile(1, { ...stored, siteUrl: 'a b c' }),
          400,
          invalid(`siteUrl: ${SITE_URL_CHARACTERS}`),
        );
        expectError(
          await updateProfile(1, { ...stored, backgroundImg: 'missing' }),
          400,
          invalid('backgroundImg: Image missing does not exist'),
        );
      });
    });
  });

  describe('one-line text', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['a TAB in the title', { title: 'Gift\tCards' }, 'title'],
      ['a NUL in the keywords', { keywords: 'gift\u0000card' }, 'keywords'],
      ['a line break in the website', { clientWebsite: 'https://a.example/\r\n' }, 'clientWebsite'],
      ['a DEL in the title', { title: 'Gift\u007fCards' }, 'title'],
      ['a C1 control in the keywords', { keywords: 'gift\u009bcard' }, 'keywords'],
    ])('refuses %s on create and update, writing nothing', async (_name, change, field) => {
      const message = invalid(`${field}: ${TEXT_INPUT_MESSAGE.controlCharacters}`);
      const stored = await t.profile(1);
      await t.expectNothingWritten(async () => {
        expectError(
          await createProfile({ programId: OTHER, siteUrl: 'new-site', ...change }),
          400,
          message,
        );
        expectError(await updateProfile(1, { ...stored, ...change }), 400, message);
      });
    });

    it('keeps line breaks and tabs in the multi-line description, tracking code and CSS', async () => {
      const multiLine = {
        description: 'First line\nSecond\tline',
        googleAnalytics: '<script>\n\tga();\n</script>',
        cssOverride: 'body {\n\tcolor: red;\r\n}',
      };
      const response = await updateProfile(1, multiLine);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject(multiLine);
    });

    it('refuses a stored text with a control character copied into another field', async () => {
      await t.store.update((data) => {
        const profile = data.journalProfiles.find((p) => p.profileId === 1);
        if (profile) {
          profile.title = 'Old\tTitle';
          profile.description = 'Two\nlines';
        }
      });
      const stored = await t.profile(1);
      await t.expectNothingWritten(async () => {
        // From a multi-line field, and from another one-line field of the same record.
        expectError(
          await updateProfile(1, { ...stored, title: 'Two\nlines' }),
          400,
          invalid(`title: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
        );
        expectError(
          await updateProfile(1, { ...stored, keywords: 'Old\tTitle' }),
          400,
          invalid(`keywords: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
        );
      });
    });

    it('saves a profile whose stored title holds a TAB when other fields change', async () => {
      const legacy = 'Old\tTitle';
      await t.store.update((data) => {
        const profile = data.journalProfiles.find((p) => p.profileId === 1);
        if (profile) profile.title = legacy;
      });
      const stored = await t.profile(1);
      const response = await updateProfile(1, { ...stored, keywords: 'new keywords' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ title: legacy, keywords: 'new keywords' });
      await t.expectNothingWritten(async () => {
        // Only the text stored: a changed title with a TAB, or the stored one in another field.
        expectError(
          await updateProfile(1, { ...stored, title: `${legacy}!` }),
          400,
          invalid(`title: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
        );
        expectError(
          await createProfile({ programId: OTHER, siteUrl: 'copy-site', title: legacy }),
          400,
          invalid(`title: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
        );
      });
    });
  });

  describe('text is stored exactly as sent and answered as JSON', () => {
    it('keeps script in titles and text fields', async () => {
      const title = `${SCRIPT} site`;
      const created = await createProfile({
        programId: GIFT,
        siteUrl: 'script-site',
        title,
        description: SCRIPT,
        keywords: `"quoted" & <b>bold</b>`,
      });
      expect(created.status).toBe(201);
      expect(created.headers['content-type']).toMatch(/^application\/json/);
      expect(created.body).toMatchObject({
        title,
        description: SCRIPT,
        keywords: `"quoted" & <b>bold</b>`,
      });
      const read = await t.get(JOURNAL_PATHS.profile(2)).expect(200);
      expect(read.headers['content-type']).toMatch(/^application\/json/);
      expect(read.body).toMatchObject({ title, description: SCRIPT });
      const stored = (await t.dataFile()).journalProfiles.find((p) => p.profileId === 2);
      expect(stored?.title).toBe(title);
    });

    it('keeps CSS that tries to close the style element', async () => {
      const response = await updateProfile(1, { cssOverride: STYLE_BREAKOUT });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toMatchObject({ cssOverride: STYLE_BREAKOUT });
      const stored = (await t.dataFile()).journalProfiles.find((p) => p.profileId === 1);
      expect(stored?.cssOverride).toBe(STYLE_BREAKOUT);
    });
  });
});
