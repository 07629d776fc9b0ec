import { ERROR_CODE } from '@contracts/api/constants';
import type { EmbeddedList } from '@contracts/api/entities';
import {
  JOURNAL_LIMITS,
  JOURNAL_PAGE_SIZE,
  JOURNAL_PAGE_TYPE,
  JOURNAL_PATHS,
  JOURNAL_TEXT,
  type JournalPage,
  type JournalPageType,
} from '@contracts/api/journal';
import { ERROR_MESSAGE, TEXT_INPUT_MESSAGE } from '@contracts/api/error-messages';
import { FIELD_MESSAGES } from '@contracts/api/messages';
import {
  createJournalTestApp,
  expectError,
  TEST_PAGES,
  TEST_PROGRAMS,
  type JournalTestApp,
} from './journal-test-app';

const SCRIPT = '<script>alert(1)</script>';
/** A program of the test's own without a site (journal-test-app.ts). */
const OTHER = TEST_PROGRAMS.other.programId;
const invalid = (errorMessage: string) => ({ errorCode: ERROR_CODE.VALIDATION, errorMessage });
/** The answer to a Login page sent disabled (the seed's name of the mandatory page type). */
const LOGIN_MANDATORY = invalid(`enabled: ${JOURNAL_TEXT.mandatoryPage('Login')}`);

const STALE = { errorCode: ERROR_CODE.CONFLICT, errorMessage: ERROR_MESSAGE.staleRecord };
const STRONG = /^"[A-Za-z0-9_-]{43}"$/;

/** The pages of the test's own site (journal-test-app.ts). */
const LOGIN_PAGE_ID = TEST_PAGES.login.pageId;
const LOCATIONS_PAGE_ID = TEST_PAGES.locations.pageId;

describe('journal pages', () => {
  let t: JournalTestApp;
  beforeEach(async () => {
    t = await createJournalTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const listPages = (profileId: number | string) =>
    t.get(`${JOURNAL_PATHS.profilePages(profileId)}?page=1&pageSize=${JOURNAL_PAGE_SIZE.pages}`);
  const createPage = (body: unknown, returnBody = true) =>
    t.post(`${JOURNAL_PATHS.pages}${returnBody ? '?returnBody=true' : ''}`, body);
  const updatePage = (pageId: number, body: unknown, returnBody = true) =>
    t.put(`${JOURNAL_PATHS.page(pageId)}${returnBody ? '?returnBody=true' : ''}`, body);
  const storedPage = async (pageId: number) =>
    (await t.dataFile()).journalPages.find((page) => page.pageId === pageId);

  describe('listing', () => {
    it("lists a profile's pages as an embedded list", async () => {
      const response = await listPages(1).expect(200);
      const body = response.body as EmbeddedList<'pages', JournalPage>;
      expect(body.page).toEqual({ size: 15, totalElements: 2, totalPages: 1, number: 1 });
      expect(body._embedded.pages).toEqual([TEST_PAGES.login, TEST_PAGES.locations]);
    });

    it('answers an empty list for a profile without pages', async () => {
      await t.post(JOURNAL_PATHS.profiles, { programId: OTHER, siteUrl: 'no-pages' }).expect(201);
      const response = await listPages(2).expect(200);
      expect((response.body as EmbeddedList<'pages', JournalPage>)._embedded.pages).toEqual([]);
    });

    it('answers 404 JSON for an unknown profile and 400 for a malformed id', async () => {
      expectError(await listPages(999), 404, {
        errorCode: ERROR_CODE.NOT_FOUND,
        errorMessage: 'Profile 999 not found',
      });
      expectError(await listPages('x'), 400, invalid('id: Must be a whole number'));
    });

    it('lists the page types', async () => {
      const response = await t
        .get(`${JOURNAL_PATHS.pageTypes}?page=1&pageSize=${JOURNAL_PAGE_SIZE.pageTypes}`)
        .expect(200);
      const body = response.body as EmbeddedList<'pageTypes', JournalPageType>;
      expect(body._embedded.pageTypes.map((type) => [type.pageTypeId, type.name])).toEqual([
        [JOURNAL_PAGE_TYPE.LOGIN, 'Login'],
        [JOURNAL_PAGE_TYPE.LOCATIONS, 'Locations'],
        [JOURNAL_PAGE_TYPE.FAQ, 'FAQ'],
        [JOURNAL_PAGE_TYPE.PRIVACY_POLICY, 'Privacy Policy'],
        [JOURNAL_PAGE_TYPE.TERMS, 'Terms and Conditions'],
      ]);
      for (const type of body._embedded.pageTypes) {
        expect(type).toEqual({
          pageTypeId: expect.any(Number),
          name: expect.any(String),
          description: expect.any(String),
          mandatory: type.pageTypeId === JOURNAL_PAGE_TYPE.LOGIN ? 1 : 0,
        });
      }
      expect(body.page).toEqual({ size: 15, totalElements: 5, totalPages: 1, number: 1 });
    });
  });

  describe('creating', () => {
    it('creates an enabled page from the page selection and stores it', async () => {
      const response = await createPage({ pageTypeId: JOURNAL_PAGE_TYPE.FAQ, profileId: 1 });
      expect(response.status).toBe(201);
      const created = {
        pageId: 3,
        pageTypeId: JOURNAL_PAGE_TYPE.FAQ,
        profileId: 1,
        enabled: 1,
        title: null,
        content: null,
        navItem: null,
      };
      expect(response.body).toEqual(created);
      expect(await storedPage(3)).toEqual(created);
    });

    it('takes the texts sent, and enabled as 0/1 or a boolean', async () => {
      const response = await createPage({
        pageTypeId: JOURNAL_PAGE_TYPE.TERMS,
        profileId: 1,
        enabled: false,
        title: 'Terms and Conditions',
        content: '<ol><li>One</li></ol>',
        navItem: 'T&Cs',
      });
      expect(response.body).toMatchObject({
        enabled: 0,
        title: 'Terms and Conditions',
        content: '<ol><li>One</li></ol>',
        navItem: 'T&Cs',
      });
      const enabled = await createPage({
        pageTypeId: JOURNAL_PAGE_TYPE.FAQ,
        profileId: 1,
        enabled: true,
      });
      expect(enabled.body).toMatchObject({ enabled: 1 });
      const zero = await createPage({
        pageTypeId: JOURNAL_PAGE_TYPE.PRIVACY_POLICY,
        profileId: 1,
        enabled: 0,
      });
      expect(zero.body).toMatchObject({ enabled: 0 });
    });

    it('answers only the id without returnBody=true', async () => {
      const response = await createPage(
        { pageTypeId: JOURNAL_PAGE_TYPE.FAQ, profileId: 1, pageId: 50 },
        false,
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ pageId: 3 });
    });

    it('refuses a Login page created disabled, and writes nothing', async () => {
      await t.post(JOURNAL_PATHS.profiles, { programId: OTHER, siteUrl: 'no-login' }).expect(201);
      await t.expectNothingWritten(async () => {
        for (const enabled of [0, false]) {
          const body = { pageTypeId: JOURNAL_PAGE_TYPE.LOGIN, profileId: 2, enabled };
          expectError(await createPage(body), 400, LOGIN_MANDATORY);
        }
      });
      const created = await createPage({ pageTypeId: JOURNAL_PAGE_TYPE.LOGIN, profileId: 2 });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ enabled: 1 });
    });

    it('refuses a second page of the same type for a profile with 409', async () => {
      await t.expectNothingWritten(async () => {
        expectError(await createPage({ pageTypeId: JOURNAL_PAGE_TYPE.LOGIN, profileId: 1 }), 409, {
          errorCode: ERROR_CODE.CONFLICT,
          errorMessage: 'pageTypeId: Profile 1 already has a page of type 1',
        });
      });
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['no pageTypeId', { profileId: 1 }, `pageTypeId: ${FIELD_MESSAGES.required}`],
      ['no profileId', { pageTypeId: 10 }, `profileId: ${FIELD_MESSAGES.required}`],
      [
        'an unknown page type',
        { pageTypeId: 2, profileId: 1 },
        'pageTypeId: Page type 2 does not exist',
      ],
      [
        'an unknown profile',
        { pageTypeId: 10, profileId: 999 },
        'profileId: Profile 999 does not exist',
      ],
      ['a string pageTypeId', { pageTypeId: '10', profileId: 1 }, 'pageTypeId: Expected a number'],
      [
        'enabled "yes"',
        { pageTypeId: 10, profileId: 1, enabled: 'yes' },
        'enabled: Must be 0, 1, true or false',
      ],
      [
        'enabled 2',
        { pageTypeId: 10, profileId: 1, enabled: 2 },
        'enabled: Must be 0, 1, true or false',
      ],
      ['a number title', { pageTypeId: 10, profileId: 1, title: 5 }, 'title: Expected a string'],
      ['an unknown field', { pageTypeId: 10, profileId: 1, name: 'FAQ' }, 'name: Unknown field'],
      [
        'an oversize title',
        { pageTypeId: 10, profileId: 1, title: 'x'.repeat(JOURNAL_LIMITS.pageTitle + 1) },
        `title: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'an oversize navItem',
        { pageTypeId: 10, profileId: 1, navItem: 'x'.repeat(JOURNAL_LIMITS.navItem + 1) },
        `navItem: ${FIELD_MESSAGES.maxlength}`,
      ],
      [
        'a lone surrogate in the content',
        { pageTypeId: 10, profileId: 1, content: '<p>\ud800</p>' },
        `content: ${TEXT_INPUT_MESSAGE.malformed}`,
      ],
      [
        'a lone surrogate in the title',
        { pageTypeId: 10, profileId: 1, title: 'FAQ \udfff' },
        `title: ${TEXT_INPUT_MESSAGE.malformed}`,
      ],
      [
        'a TAB in the title',
        { pageTypeId: 10, profileId: 1, title: 'FAQ\tpage' },
        `title: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'a line break in the navigation item',
        { pageTypeId: 10, profileId: 1, navItem: 'Shops\n' },
        `navItem: ${TEXT_INPUT_MESSAGE.controlCharacters}`,
      ],
      [
        'oversize content',
        { pageTypeId: 10, profileId: 1, content: 'x'.repeat(JOURNAL_LIMITS.pageContent + 1) },
        `content: ${FIELD_MESSAGES.maxlength}`,
      ],
    ])('refuses %s with 400 naming the field and writes nothing', async (_name, body, message) => {
      await t.expectNothingWritten(async () => {
        expectError(await createPage(body), 400, invalid(message));
      });
    });
  });

  describe('updating', () => {
    it('replaces the page with the one sent and stores it', async () => {
      const sent: JournalPage = {
        pageId: LOCATIONS_PAGE_ID,
        pageTypeId: JOURNAL_PAGE_TYPE.LOCATIONS,
        profileId: 1,
        enabled: 0,
        title: 'Where to shop',
        content: '<p>Everywhere</p>',
        navItem: 'Shops',
      };
      const response = await updatePage(LOCATIONS_PAGE_ID, sent);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(sent);
      expect(await storedPage(LOCATIONS_PAGE_ID)).toEqual(sent);
    });

    it('enables with a boolean and keeps fields left out', async () => {
      const before = await storedPage(LOCATIONS_PAGE_ID);
      await updatePage(LOCATIONS_PAGE_ID, { enabled: false }).expect(200);
      const response = await updatePage(LOCATIONS_PAGE_ID, { enabled: true }).expect(200);
      expect(response.body).toEqual(before);
    });

    it('keeps the path id and answers only the id without returnBody=true', async () => {
      const response = await updatePage(LOGIN_PAGE_ID, { pageId: 99, title: 'Balance' }, false);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ pageId: LOGIN_PAGE_ID });
      expect(await storedPage(LOGIN_PAGE_ID)).toMatchObject({ title: 'Balance' });
      expect(await storedPage(99)).toBeUndefined();
    });

    it('refuses to disable the Login page of a published site, and writes nothing', async () => {
      await t.expectNothingWritten(async () => {
        for (const enabled of [0, false]) {
          expectError(await updatePage(LOGIN_PAGE_ID, { enabled }), 400, LOGIN_MANDATORY);
          expectError(
            await updatePage(LOGIN_PAGE_ID, { ...TEST_PAGES.login, title: 'Off', enabled }),
            400,
            LOGIN_MANDATORY,
          );
        }
      });
      expect(await storedPage(LOGIN_PAGE_ID)).toEqual(TEST_PAGES.login);
      const kept = await updatePage(LOGIN_PAGE_ID, { ...TEST_PAGES.login, enabled: true });
      expect(kept.status).toBe(200);
      expect(kept.body).toEqual(TEST_PAGES.login);
    });

    it('edits a Login page stored disabled with enabled left out, and enables it', async () => {
      await t.store.update((data) => {
        const login = data.journalPages.find((page) => page.pageId === LOGIN_PAGE_ID);
        if (login !== undefined) login.enabled = 0;
      });
      await updatePage(LOGIN_PAGE_ID, { title: 'Balance' }).expect(200);
      expect(await storedPage(LOGIN_PAGE_ID)).toMatchObject({ title: 'Balance', enabled: 0 });
      await updatePage(LOGIN_PAGE_ID, { enabled: 1 }).expect(200);
      expect(await storedPage(LOGIN_PAGE_ID)).toMatchObject({ enabled: 1 });
    });

    it('keeps line breaks and tabs in the rich-text content', async () => {
      const content = '<p>One</p>\n<p>\tTwo</p>';
      const response = await updatePage(LOCATIONS_PAGE_ID, { content }).expect(200);
      expect(response.body).toMatchObject({ content });
    });

    it('saves a page whose stored title holds a TAB; a new title with one is refused', async () => {
      const legacy = 'Our\tLocations';
      await t.store.update((data) => {
        const page = data.journalPages.find((p) => p.pageId === LOCATIONS_PAGE_ID);
        if (page !== undefined) page.title = legacy;
      });
      const stored = await storedPage(LOCATIONS_PAGE_ID);
      await updatePage(LOCATIONS_PAGE_ID, { ...stored, navItem: 'Shops' }).expect(200);
      expect(await storedPage(LOCATIONS_PAGE_ID)).toMatchObject({
        title: legacy,
        navItem: 'Shops',
      });
      await t.expectNothingWritten(async () => {
        expectError(
          await updatePage(LOCATIONS_PAGE_ID, { title: 'New\ttitle' }),
          400,
          invalid(`title: ${TEXT_INPUT_MESSAGE.controlCharacters}`),
        );
      });
    });

    it('refuses to change the page type or the profile of a page', async () => {
      await t.expectNothingWritten(async () => {
        expectError(
          await updatePage(LOGIN_PAGE_ID, { pageTypeId: JOURNAL_PAGE_TYPE.FAQ }),
          400,
          invalid('pageTypeId: Must be 1, as stored for page 1'),
        );
        expectError(
          await updatePage(LOGIN_PAGE_ID, { profileId: 2 }),
          400,
          invalid('profileId: Must be 1, as stored for page 1'),
        );
      });
    });

    it('answers 404 JSON for an unknown page and writes nothing', async () => {
      await t.expectNothingWritten(async () => {
        expectError(await updatePage(999, { title: 'Nothing' }), 404, {
          errorCode: ERROR_CODE.NOT_FOUND,
          errorMessage: 'Page 999 not found',
        });
        expectError(
          await t.put(JOURNAL_PATHS.page('abc'), { title: 'Nothing' }),
          400,
          invalid('pageId: Must be a whole number'),
        );
      });
    });

    it('refuses oversize content and bad types on update, and writes nothing', async () => {
      await t.expectNothingWritten(async () => {
        expectError(
          await updatePage(LOGIN_PAGE_ID, { content: 'x'.repeat(JOURNAL_LIMITS.pageContent + 1) }),
          400,
          invalid(`content: ${FIELD_MESSAGES.maxlength}`),
        );
        expectError(
          await updatePage(LOGIN_PAGE_ID, { enabled: 'true' }),
          400,
          invalid('enabled: Must be 0, 1, true or false'),
        );
      });
    });

    it('takes content at the limit', async () => {
      const content = 'x'.repeat(JOURNAL_LIMITS.pageContent);
      const response = await updatePage(LOGIN_PAGE_ID, { content }).expect(200);
      expect((response.body as JournalPage).content).toBe(content);
    });
  });

  describe("conditional saves (If-Match against the ETag of the profile's pages)", () => {
    /** The profile's pages as a page editor reads them, and the ETag the list answers. */
    async function opened(profileId = 1) {
      const response = await listPages(profileId).expect(200);
      const etag = String(response.headers.etag);
      expect(etag).toMatch(STRONG);
      return { pages: (response.body as EmbeddedList<'pages', JournalPage>)._embedded.pages, etag };
    }
    const editedBy = (page: JournalPage, who: string): JournalPage => ({
      ...page,
      title: `Title by ${who}`,
      content: `<p>Saved by ${who}</p>`,
    });

    it('the list answers one strong ETag of all the pages, whatever part of it is asked for', async () => {
      const { etag } = await opened();
      const firstOnly = await t.get(`${JOURNAL_PATHS.profilePages(1)}?page=1&pageSize=1`);
      expect(firstOnly.headers.etag).toBe(etag);
      // It changes with any page of the profile, and only with those.
      await t.post(JOURNAL_PATHS.profiles, { programId: OTHER, siteUrl: 'other-site' }).expect(201);
      await createPage({ pageTypeId: JOURNAL_PAGE_TYPE.LOGIN, profileId: 2 }).expect(201);
      expect((await opened()).etag).toBe(etag);
      await updatePage(LOCATIONS_PAGE_ID, { navItem: 'Shops' }).expect(200);
      expect((await opened()).etag).not.toBe(etag);
    });

    it('refuses with 412 a page save read before another operator saved the page, writing nothing', async () => {
      const a = await opened();
      await updatePage(LOCATIONS_PAGE_ID, editedBy(TEST_PAGES.locations, 'B')).expect(200);
      await t.expectNothingWritten(async () => {
        const response = await updatePage(
          LOCATIONS_PAGE_ID,
          editedBy(TEST_PAGES.locations, 'A'),
        ).set('If-Match', a.etag);
        expectError(response, 412, STALE);
        // No strong tag on the refusal: the screen keeps the one it read until it reads again.
        expect(String(response.headers.etag)).not.toMatch(STRONG);
      });
      expect(await storedPage(LOCATIONS_PAGE_ID)).toEqual(editedBy(TEST_PAGES.locations, 'B'));
    });

    it('refuses it too after another operator saved another page of the profile, or created one', async () => {
      const a = await opened();
      await updatePage(LOGIN_PAGE_ID, { title: 'Balance' }).expect(200);
      await t.expectNothingWritten(async () => {
        const response = await updatePage(
          LOCATIONS_PAGE_ID,
          editedBy(TEST_PAGES.locations, 'A'),
        ).set('If-Match', a.etag);
        expectError(response, 412, STALE);
      });
      const again = await opened();
      await createPage({ pageTypeId: JOURNAL_PAGE_TYPE.FAQ, profileId: 1 }).expect(201);
      await t.expectNothingWritten(async () => {
        const response = await createPage({
          pageTypeId: JOURNAL_PAGE_TYPE.TERMS,
          profileId: 1,
        }).set('If-Match', again.etag);
        expectError(response, 412, STALE);
      });
    });

    it('saves with the current ETag and answers the new one, which the next save goes with', async () => {
      // Step 3's calls one after another: a create, then an update, each with the tag the
      // answer before gave; then a page editor's save; then the profile's own save.
      const profile = await t.get(JOURNAL_PATHS.profile(1)).expect(200);
      const { etag } = await opened();
      const created = await createPage({ pageTypeId: JOURNAL_PAGE_TYPE.FAQ, profileId: 1 })
        .set('If-Match', etag)
        .expect(201);
      expect(created.headers.etag).toMatch(STRONG);
      expect(created.headers.etag).toBe((await opened()).etag);
      const disabled = await updatePage(LOCATIONS_PAGE_ID, { ...TEST_PAGES.locations, enabled: 0 })
        .set('If-Match', String(created.headers.etag))
        .expect(200);
      expect(disabled.headers.etag).toBe((await opened()).etag);
      const edited = await updatePage(LOGIN_PAGE_ID, editedBy(TEST_PAGES.login, 'A'))
        .set('If-Match', String(disabled.headers.etag))
        .expect(200);
      expect(edited.headers.etag).toBe((await opened()).etag);
      expect(await storedPage(LOGIN_PAGE_ID)).toEqual(editedBy(TEST_PAGES.login, 'A'));
      // The answer without returnBody carries it too.
      const idOnly = await updatePage(LOGIN_PAGE_ID, { navItem: null }, false)
        .set('If-Match', String(edited.headers.etag))
        .expect(200);
      expect(idOnly.headers.etag).toBe((await opened()).etag);
      // Page saves leave the profile's ETag as it was: its next save is not refused.
      expect((await t.get(JOURNAL_PATHS.profile(1)).expect(200)).headers.etag).toBe(
        profile.headers.etag,
      );
      await t
        .put(JOURNAL_PATHS.profile(1), { title: 'Still mine' })
        .set('If-Match', String(profile.headers.etag))
        .expect(200);
      // And the profile's save leaves the pages' ETag as it was.
      expect((await opened()).etag).toBe(idOnly.headers.etag);
    });

    it('does not check a save without If-Match: it is written as sent', async () => {
      await updatePage(LOCATIONS_PAGE_ID, editedBy(TEST_PAGES.locations, 'B')).expect(200);
      await updatePage(LOCATIONS_PAGE_ID, editedBy(TEST_PAGES.locations, 'A')).expect(200);
      expect(await storedPage(LOCATIONS_PAGE_ID)).toEqual(editedBy(TEST_PAGES.locations, 'A'));
      await createPage({ pageTypeId: JOURNAL_PAGE_TYPE.FAQ, profileId: 1 }).expect(201);
    });

    it('takes * for pages that exist, and any one of several tags', async () => {
      const { etag } = await opened();
      await updatePage(LOGIN_PAGE_ID, { title: 'Star' }).set('If-Match', '*').expect(200);
      const now = await opened();
      await updatePage(LOGIN_PAGE_ID, { title: 'Listed' })
        .set('If-Match', `${etag}, ${now.etag}`)
        .expect(200);
      await t.expectNothingWritten(async () => {
        expectError(
          await updatePage(LOGIN_PAGE_ID, { title: 'Weak' }).set('If-Match', `W/${now.etag}`),
          412,
          STALE,
        );
      });
    });

    it('answers 404 for an unknown page and 400 for an unknown profile before the ETag', async () => {
      const { etag } = await opened();
      await t.expectNothingWritten(async () => {
        expectError(await updatePage(999, { title: 'x' }).set('If-Match', etag), 404, {
          errorCode: ERROR_CODE.NOT_FOUND,
          errorMessage: 'Page 999 not found',
        });
        expectError(
          await createPage({ pageTypeId: 10, profileId: 999 }).set('If-Match', etag),
          400,
          invalid('profileId: Profile 999 does not exist'),
        );
      });
    });
  });

  it('stores script in titles and content exactly, and answers JSON', async () => {
    const title = `${SCRIPT}Balance`;
    const content = `<p onclick="steal()">Hi</p>${SCRIPT}<img src=x onerror=alert(1)>`;
    const created = await createPage({
      pageTypeId: JOURNAL_PAGE_TYPE.FAQ,
      profileId: 1,
      title,
      content,
      navItem: SCRIPT,
    });
    expect(created.status).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.body).toMatchObject({ title, content, navItem: SCRIPT });
    const updated = await updatePage(LOGIN_PAGE_ID, { title, content }).expect(200);
    expect(updated.headers['content-type']).toMatch(/^application\/json/);
    expect(await storedPage(LOGIN_PAGE_ID)).toMatchObject({ title, content });
    const listed = await listPages(1).expect(200);
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect((listed.body as EmbeddedList<'pages', JournalPage>)._embedded.pages).toContainEqual(
      expect.objectContaining({ pageTypeId: JOURNAL_PAGE_TYPE.FAQ, title, content }),
    );
  });
});
