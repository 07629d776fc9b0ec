import '../site-builder/jsdom-layout';
import { act, screen, waitFor, within } from '@testing-library/react';
import { JOURNAL_PATHS, JOURNAL_TEXT, type JournalPage } from '@contracts/api/journal';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { paths, withId, type RouteEntry } from '@/config/paths';
import { journalApi } from '@/features/my-journal/api/journal-api';
import { LOCATIONS_LINK_PLACEHOLDER, PAGE_DEFAULTS } from '@/features/my-journal/lib/page-defaults';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import {
  deferred,
  installFakeFetch,
  type FakeFetch,
  type FakeResponse,
} from '../../support/fake-fetch';
import {
  installJournalServer,
  makePage,
  makeProfile,
  type JournalFake,
} from './journal-fake-server';

let server: FakeFetch;
let journal: JournalFake;

const editor = paths.mj.wizard.editor;
const LOGIN = makePage({ pageId: 1, profileId: 1, pageTypeId: 1 });
const LOCATIONS = makePage({ pageId: 2, profileId: 1, pageTypeId: 5 });
const TERMS = makePage({ pageId: 3, profileId: 1, pageTypeId: 14 });
const POLICY = makePage({ pageId: 4, profileId: 1, pageTypeId: 11 });
const FAQ = makePage({ pageId: 5, profileId: 1, pageTypeId: 10 });

function setup(pages: JournalPage[] = [LOGIN, LOCATIONS, TERMS, POLICY, FAQ]) {
  server = installFakeFetch();
  journal = installJournalServer(server, { profiles: [makeProfile({ profileId: 1 })], pages });
  setTokenCookie();
}
afterEach(() => server.restore());

async function open(entry: RouteEntry, heading: string) {
  const view = renderApp({ route: withId(entry, 1) });
  expect(await screen.findByRole('heading', { name: heading, level: 3 })).toBeVisible();
  await screen.findByRole('textbox', { name: 'Content' });
  return view;
}
const save = () => screen.getByRole('button', { name: 'Save & Continue' });
const content = () => screen.getByRole('textbox', { name: 'Content' });
async function pressOk(user: ReturnType<typeof renderApp>['user'], title: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  const text = dialog.textContent;
  await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
  return text;
}

describe('Login page editor', () => {
  it('an empty page shows the defaults; saving stores them and goes on', async () => {
    setup();
    const { user } = await open(editor.login, 'Login Page');
    expect(screen.getByLabelText('Title (H1)')).toHaveValue('Check your gift card balance');
    expect(content()).toHaveTextContent(
      'Enter your gift card number without spaces or hyphens, and your PIN, then click Login',
    );
    expect(screen.queryByLabelText('Navigation Item Label')).not.toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: 'Content formatting' })).toBeInTheDocument();

    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.loginPageUpdated);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/pages/1']);
    expect(journal.writeBody(0)).toEqual({
      ...LOGIN,
      title: 'Check your gift card balance',
      content: PAGE_DEFAULTS[1]!.content,
      navItem: null,
    });
    await waitFor(() => expect(currentPath()).toBe(editor.location.path));
  });

  it('shows what the page holds and saves it with the edited title', async () => {
    setup([{ ...LOGIN, title: 'Balance', content: '<p>Type your card number.</p>' }]);
    const { user } = await open(editor.login, 'Login Page');
    expect(screen.getByLabelText('Title (H1)')).toHaveValue('Balance');
    expect(content()).toHaveTextContent(/^Type your card number\.$/);

    // Typing into the rich-text editor is tested in Chromium (tests/e2e/rich-text.e2e.test.ts).
    await user.clear(screen.getByLabelText('Title (H1)'));
    await user.type(screen.getByLabelText('Title (H1)'), 'Your balance');
    await user.click(save());
    await pressOk(user, DIALOG_TEXT.successTitle);
    expect(journal.writeBody(0)).toMatchObject({
      title: 'Your balance',
      content: '<p>Type your card number.</p>',
    });
  });

  it('after saving an emptied title, the page read again shows its default and nothing is unsaved', async () => {
    setup([{ ...LOGIN, title: 'Balance', content: '<p>Type your card number.</p>' }]);
    const { user } = await open(editor.login, 'Login Page');
    await user.clear(screen.getByLabelText('Title (H1)'));
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.writeBody(0)).toMatchObject({ title: null });
    // The page is read again (stored title null) while "Success" is open: the form takes the
    // default it shows for an empty title, as saved, not the emptied field as unsaved typing
    // (which a click elsewhere before the next editor shows would ask about).
    await waitFor(() =>
      expect(screen.getByLabelText('Title (H1)')).toHaveValue('Check your gift card balance'),
    );
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(currentPath()).toBe(editor.css.path));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('creates the Login page when the profile has none', async () => {
    setup([]);
    const { user } = await open(editor.login, 'Login Page');
    await user.click(save());
    await pressOk(user, DIALOG_TEXT.successTitle);
    expect(journal.writes()).toEqual(['POST /api/myjournal/pages']);
    expect(journal.writeBody(0)).toEqual({
      pageTypeId: 1,
      profileId: 1,
      enabled: 1,
      title: 'Check your gift card balance',
      content: PAGE_DEFAULTS[1]!.content,
      navItem: null,
    });
    // No other page is on the site: the next editor is Edit CSS.
    await waitFor(() => expect(currentPath()).toBe(editor.css.path));
  });

  it('a failed save closes the processing dialog and shows the message', async () => {
    setup();
    const answer = deferred<FakeResponse>();
    server.on('PUT /api/myjournal/pages/1', () => answer.promise);
    const { user } = await open(editor.login, 'Login Page');
    await user.click(save());
    expect(await screen.findByRole('dialog', { name: DIALOG_TEXT.processing })).toBeInTheDocument();
    answer.resolve({ status: 500, body: { errorCode: 99, errorMessage: 'Internal error' } });
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain('Internal error');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentPath()).toBe(editor.login.path);
  });
});

describe('the other page editors', () => {
  it('Locations: navigation item, title, and content with a link and an empty image', async () => {
    setup();
    const { user } = await open(editor.location, 'Locations Page');
    expect(screen.getByLabelText('Navigation Item Label')).toHaveValue('Locations');
    expect(screen.getByLabelText('Title (H1)')).toHaveValue('Our Locations');
    expect(within(content()).getByRole('link')).toHaveAttribute('href', LOCATIONS_LINK_PLACEHOLDER);
    expect(content().querySelector('img')).toHaveAttribute('src', '');

    await user.clear(screen.getByLabelText('Navigation Item Label'));
    await user.type(screen.getByLabelText('Navigation Item Label'), 'Stores');
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(
      JOURNAL_TEXT.locationPageUpdated,
    );
    const saved = journal.writeBody(0) as JournalPage;
    expect(saved).toMatchObject({ pageId: 2, navItem: 'Stores', title: 'Our Locations' });
    // The editor's HTML of the default (it adds a paragraph after the image, to type in).
    expect(saved.content).toContain(`href="${LOCATIONS_LINK_PLACEHOLDER}"`);
    expect(saved.content).toContain('<img src="" alt="Map of our locations">');
    await waitFor(() => expect(currentPath()).toBe(editor.terms.path));
  });

  it('T&Cs: the default text has fifteen numbered headings', async () => {
    setup();
    const { user } = await open(editor.terms, 'T&Cs Page');
    expect(screen.getByLabelText('Title (H1)')).toHaveValue('Terms and Conditions');
    const headings = within(content()).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent?.split('.')[0])).toEqual(
      Array.from({ length: 15 }, (_, i) => String(i + 1)),
    );
    expect(headings[0]).toHaveTextContent('1. Definitions');
    expect(headings[14]).toHaveTextContent('15. Governing law');
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.termsPageUpdated);
    await waitFor(() => expect(currentPath()).toBe(editor.faq.path));
  });

  it('FAQ and Privacy Policy: default titles, their texts, and the flow to CSS', async () => {
    setup();
    const { user } = await open(editor.faq, 'FAQ');
    expect(screen.getByLabelText('Title (H1)')).toHaveValue('FAQ');
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.faqPageUpdated);
    expect(
      await screen.findByRole('heading', { name: 'Privacy Policy Page', level: 3 }),
    ).toBeVisible();
    expect(await screen.findByLabelText('Title (H1)')).toHaveValue('Privacy Policy');
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.policyPageUpdated);
    await waitFor(() => expect(currentPath()).toBe(editor.css.path));
    expect(journal.writes()).toEqual(['PUT /api/myjournal/pages/5', 'PUT /api/myjournal/pages/4']);
    expect(journal.writeBody(1)).toMatchObject({ title: 'Privacy Policy', content: null });
  });

  it('a page the site does not have says so instead of a form', async () => {
    setup([LOGIN, { ...FAQ, enabled: 0 }]);
    renderApp({ route: withId(editor.faq, 1) });
    expect(
      await screen.findByText(
        'This page is not part of the site. Select it in Site Pages to edit it here.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Site Pages' })).toHaveAttribute(
      'href',
      `#${paths.mj.wizard.page.path}?id=1`,
    );
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).not.toBeInTheDocument();
  });
});

describe('two operators on one page', () => {
  const STALE_TEXT = `${ERROR_MESSAGE.staleRecord} ${DIALOG_TEXT.staleRecordReloaded}`;
  /** Joins the read again a refusal started (or answers it when done). */
  const pagesReadAgain = (store: ReturnType<typeof renderApp>['store']) =>
    act(() =>
      store.dispatch(journalApi.endpoints.journalPages.initiate(1, { subscribe: false })).unwrap(),
    );

  it("a save after another operator's refuses as stale, shows their change and keeps the typing", async () => {
    setup();
    const { user, store } = await open(editor.location, 'Locations Page');
    const navItem = screen.getByLabelText('Navigation Item Label');
    await user.clear(navItem);
    await user.type(navItem, 'Stores');
    // Operator B saves the page's title and content meanwhile.
    const theirs = { ...LOCATIONS, title: 'Find us', content: '<p>Theirs</p>' };
    Object.assign(journal.pages[1]!, theirs);
    await user.click(save());

    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(STALE_TEXT);
    expect(journal.writes()).toEqual(['PUT /api/myjournal/pages/2']);
    expect(journal.pages[1]).toEqual(theirs);
    expect(currentPath()).toBe(editor.location.path);

    // Read again: B's texts where A changed nothing, A's label kept; the next save stores both.
    expect((await pagesReadAgain(store))[1]).toEqual(theirs);
    await waitFor(() => expect(screen.getByLabelText('Title (H1)')).toHaveValue('Find us'));
    // The editor takes its content a render after the field's value.
    await waitFor(() => expect(content()).toHaveTextContent(/^Theirs$/));
    expect(navItem).toHaveValue('Stores');
    // The refused save has ended: until then the button reads unavailable and does nothing.
    await waitFor(() => expect(save()).not.toHaveAttribute('aria-disabled'));
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(
      JOURNAL_TEXT.locationPageUpdated,
    );
    expect(journal.pages[1]).toEqual({ ...theirs, navItem: 'Stores' });
    // Both saves went with the ETag of the pages as the editor had read them.
    expect(
      server.calls('PUT /api/myjournal/pages/2').map((call) => call.headers.get('If-Match')),
    ).toEqual([expect.stringMatching(/^"/), expect.stringMatching(/^"/)]);
  });

  it('creating the Login page that someone else created meanwhile: refused, then their page is updated', async () => {
    setup([]);
    const { user, store } = await open(editor.login, 'Login Page');
    const title = screen.getByLabelText('Title (H1)');
    await user.clear(title);
    await user.type(title, 'Your balance');
    // Operator B's Login editor creates the page first.
    const created = await fetch(new URL(`/api${JOURNAL_PATHS.pages}`, window.location.href), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pageTypeId: 1, profileId: 1, content: '<p>Theirs</p>' }),
    });
    expect(created.status).toBe(201);
    await user.click(save());

    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(STALE_TEXT);
    expect(journal.pages).toHaveLength(1);
    const [theirs] = await pagesReadAgain(store);
    await waitFor(() => expect(content()).toHaveTextContent(/^Theirs$/));
    expect(title).toHaveValue('Your balance');
    // The refused save has ended: until then the button reads unavailable and does nothing.
    await waitFor(() => expect(save()).not.toHaveAttribute('aria-disabled'));
    await user.click(save());
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(JOURNAL_TEXT.loginPageUpdated);
    expect(journal.writes()).toEqual([
      'POST /api/myjournal/pages',
      'POST /api/myjournal/pages',
      `PUT /api/myjournal/pages/${theirs!.pageId}`,
    ]);
    expect(journal.pages).toEqual([
      { ...theirs, title: 'Your balance', content: '<p>Theirs</p>', enabled: 1 },
    ]);
  });
});
