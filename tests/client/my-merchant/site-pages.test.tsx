import { screen, waitFor, within } from '@testing-library/react';
import {
  MERCHANT_EMBEDDED,
  MERCHANT_TEXT,
  type MerchantPageType,
  type SelectedPageTypes,
} from '@contracts/api/merchant';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { paths, withId } from '@/config/paths';
import { LAYOUT_TEXT, LOGIN_TEXT, SESSION_DRAFT_TEXT } from '@/config/texts';
import {
  SESSION_EXPIRED_ANSWER,
  currentPath,
  embeddedList,
  renderApp,
  setTokenCookie,
  signIn,
} from '../../support/client-app';
import { pressOk } from '../../support/dialogs';
import { deferred, installFakeFetch, type FakeFetch } from '../../support/fake-fetch';
import { installMerchantPagesServer, type MerchantPagesState } from './merchant-fake-server';

const PAGE_TYPES: MerchantPageType[] = [
  { id: 1, name: 'Home', fl_mandatory: 1, children: [] },
  { id: 4, name: 'Locations', fl_mandatory: 1, children: [] },
  {
    id: 6,
    name: 'Terms',
    fl_mandatory: 0,
    children: [
      { id: 61, typeId: 6, name: 'Returns' },
      { id: 62, typeId: 6, name: 'Card terms' },
    ],
  },
  { id: 8, name: 'About', fl_mandatory: 0, children: [] },
];

const PAGES = '/api/mymerchant/profile/pagetypes/';
const SUB_PAGES = '/api/mymerchant/profile/pagesubtypes/';

let server: FakeFetch;
/** Profile 3's pages and sub-pages as the fake server holds them. */
let stored: MerchantPagesState;

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/mymerchant/pagetype', {
    body: embeddedList(MERCHANT_EMBEDDED.pageTypes, PAGE_TYPES),
  });
  stored = installMerchantPagesServer(server).add(3, {
    pages: [
      { typeId: 1, navItem: 'Start', title: 'Welcome', content: '<p>Hello</p>' },
      { typeId: 4, navItem: 'Stores', title: 'Find a store', content: null },
    ],
  });
  setTokenCookie();
});
afterEach(() => server.restore());

async function openPages() {
  const view = renderApp({ route: withId(paths.mm.wizard.page, 3) });
  expect(await screen.findByRole('heading', { name: 'MyMerchant Site Pages' })).toBeVisible();
  await screen.findByRole('checkbox', { name: 'Terms' });
  return view;
}
/** Profile 3 with Terms selected beside the mandatory pages, and its sub-page Returns. */
function storeTermsWithReturns() {
  stored.pages = [
    { typeId: 1, navItem: 'Start', title: 'Welcome', content: null },
    { typeId: 4, navItem: 'Stores', title: 'Find a store', content: null },
    { typeId: 6, navItem: 'Terms', title: 'Terms', content: null },
  ];
  stored.subPages = [{ subtypeId: 61, pageTypeFk: 6 }];
}
const writes = () =>
  server.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
const panel = (name: string) => screen.getByRole('region', { name: `${name} page` });

describe('MyMerchant step 3, Site Pages', () => {
  it('lists the page types: mandatory ones checked and locked, the others as stored', async () => {
    await openPages();
    for (const name of ['Home', 'Locations']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
      expect(screen.getByRole('checkbox', { name })).toBeDisabled();
    }
    expect(screen.getByRole('checkbox', { name: 'Terms' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Terms' })).toBeEnabled();
    // Only a selected page opens its panel.
    expect(screen.getByRole('button', { name: 'Edit Terms' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: / page$/ })).toBeNull();
  });

  it('leaves untouched without asking, with a page stored without content', async () => {
    const { user } = await openPages();
    // Locations has no content: its editor opens empty, which is no change.
    await user.click(screen.getByRole('button', { name: 'Edit Locations' }));
    await within(panel('Locations')).findByRole('textbox', { name: 'Content' });
    await user.click(screen.getByRole('link', { name: LAYOUT_TEXT.gift }));
    await waitFor(() => expect(currentPath()).toBe(paths.gift.dashboard.path));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens a page with its stored texts', async () => {
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Home' }));
    const home = panel('Home');
    expect(within(home).getByLabelText('Navigation Item Label')).toHaveValue('Start');
    expect(within(home).getByLabelText('Title (H1)')).toHaveValue('Welcome');
    expect(await within(home).findByRole('textbox', { name: 'Content' })).toHaveTextContent(
      'Hello',
    );
    expect(within(home).getByText('This page has no sub-pages.')).toBeVisible();
  });

  it('saves the pages, then their sub-pages, says so and opens Media Files', async () => {
    const { user } = await openPages();
    await user.click(screen.getByRole('checkbox', { name: 'Terms' }));
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    const terms = panel('Terms');
    // A newly selected page starts with its name as label and title.
    expect(within(terms).getByLabelText('Navigation Item Label')).toHaveValue('Terms');
    await user.clear(within(terms).getByLabelText('Title (H1)'));
    await user.type(within(terms).getByLabelText('Title (H1)'), 'Terms of use');
    await user.click(within(terms).getByRole('checkbox', { name: 'Card terms' }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.pagesUpdated);
    expect(writes()).toEqual([`POST ${PAGES}`, `POST ${SUB_PAGES}`]);
    expect(server.calls(`POST ${PAGES}`)[0]?.body).toEqual({
      profileId: 3,
      pageTypes: [
        { typeId: 1, navItem: 'Start', title: 'Welcome', content: '<p>Hello</p>' },
        { typeId: 4, navItem: 'Stores', title: 'Find a store', content: null },
        { typeId: 6, navItem: 'Terms', title: 'Terms of use', content: null },
      ],
    });
    expect(server.calls(`POST ${SUB_PAGES}`)[0]?.body).toEqual({
      profileId: 3,
      pageSubtypes: [{ subtypeId: 62, pageTypeFk: 6 }],
    });
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.media.path));
    expect(window.location.hash).toContain('?id=3');
  });

  it('after the save, the pages read again show the texts as stored (trimmed), nothing unsaved', async () => {
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Home' }));
    const title = within(panel('Home')).getByLabelText('Title (H1)');
    await user.clear(title);
    await user.type(title, '  Welcome home  ');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(server.calls(`POST ${PAGES}`)[0]?.body).toMatchObject({
      pageTypes: [{ typeId: 1, title: 'Welcome home' }, { typeId: 4 }],
    });
    // Read again while "Success" is open: the stored title replaces the typed one, which is no
    // longer an unsaved change (a click elsewhere before Media Files shows would ask about it).
    await waitFor(() =>
      expect(within(panel('Home')).getByLabelText('Title (H1)')).toHaveValue('Welcome home'),
    );
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));
    await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.media.path));
  });

  describe('text typed while Save & Continue runs', () => {
    /** Edits Home's title, saves with the sub-pages' answer held, types on, lets it answer. */
    async function typeDuringTheSave() {
      const held = deferred<undefined>();
      server.once(`POST ${SUB_PAGES}`, async (request) => {
        await held.promise;
        stored.subPages = (
          request.body as { pageSubtypes: MerchantPagesState['subPages'] }
        ).pageSubtypes;
        return { body: request.body };
      });
      const view = await openPages();
      const { user } = view;
      await user.click(screen.getByRole('button', { name: 'Edit Home' }));
      const title = within(panel('Home')).getByLabelText('Title (H1)');
      await user.clear(title);
      await user.type(title, 'First');
      await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
      await waitFor(() => expect(writes()).toEqual([`POST ${PAGES}`, `POST ${SUB_PAGES}`]));
      await user.type(title, ' and more');
      held.resolve(undefined);
      expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.pagesUpdated);
      expect(server.calls(`POST ${PAGES}`)[0]?.body).toMatchObject({
        pageTypes: [{ typeId: 1, title: 'First' }, { typeId: 4 }],
      });
      return view;
    }

    it('was not sent: moving on asks, and Stay keeps it, unsaved, for the next save', async () => {
      const { user } = await typeDuringTheSave();
      const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
      await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(currentPath()).toBe(paths.mm.wizard.page.path);
      expect(within(panel('Home')).getByLabelText('Title (H1)')).toHaveValue('First and more');
      // The button is free again, and the next save sends it and moves on without a question.
      await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
      expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.pagesUpdated);
      await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.media.path));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(server.calls(`POST ${PAGES}`)[1]?.body).toMatchObject({
        pageTypes: [{ typeId: 1, title: 'First and more' }, { typeId: 4 }],
      });
    });

    it('Leave moves on without it', async () => {
      const { user } = await typeDuringTheSave();
      const question = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
      await user.click(within(question).getByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
      await waitFor(() => expect(currentPath()).toBe(paths.mm.wizard.media.path));
      expect(stored.pages[0]).toMatchObject({ typeId: 1, title: 'First' });
    });
  });

  it('sends the sub-pages only once the pages answered 200', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    server.on(`POST ${PAGES}`, () => answer.promise);
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(writes()).toEqual([`POST ${PAGES}`]));
    answer.resolve({
      status: 400,
      body: { errorCode: 400, errorMessage: 'pageTypes: unknown page type 99' },
    });
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain('unknown page type 99');
    // Refused: no sub-pages are sent, the step stays.
    expect(writes()).toEqual([`POST ${PAGES}`]);
    expect(currentPath()).toBe(paths.mm.wizard.page.path);
  });

  it('requires the label and the title of the opened page and blocks the save', async () => {
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Locations' }));
    const locations = panel('Locations');
    await user.clear(within(locations).getByLabelText('Navigation Item Label'));
    await user.clear(within(locations).getByLabelText('Title (H1)'));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(within(locations).getByLabelText('Navigation Item Label')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(within(locations).getByLabelText('Title (H1)')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(writes()).toEqual([]);
  });

  it('opens a selected page left without its texts when the save is blocked by it', async () => {
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Home' }));
    await user.clear(within(panel('Home')).getByLabelText('Title (H1)'));
    expect(within(panel('Home')).getByLabelText('Title (H1)')).toHaveValue('');
    await within(panel('Home')).findByRole('textbox', { name: 'Content' });
    expect(within(panel('Home')).getByLabelText('Title (H1)')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Edit Locations' }));
    await user.click(screen.getByRole('button', { name: 'Edit Home' }));
    expect(within(panel('Home')).getByLabelText('Title (H1)')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Edit Locations' }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    const home = await screen.findByRole('region', { name: 'Home page' });
    expect(within(home).getByLabelText('Title (H1)')).toHaveAccessibleDescription(
      FIELD_MESSAGES.required,
    );
    expect(writes()).toEqual([]);
  });

  it('unticking a page closes its panel and leaves it and its sub-pages out', async () => {
    storeTermsWithReturns();
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    expect(within(panel('Terms')).getByRole('checkbox', { name: 'Returns' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Terms' }));
    expect(screen.queryByRole('region', { name: 'Terms page' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await pressOk(user, DIALOG_TEXT.successTitle);
    const sent = server.calls(`POST ${PAGES}`)[0]?.body as SelectedPageTypes;
    expect(sent.pageTypes.map((page) => page.typeId)).toEqual([1, 4]);
    expect(server.calls(`POST ${SUB_PAGES}`)[0]?.body).toEqual({ profileId: 3, pageSubtypes: [] });
    // The pages' save dropped Terms' sub-page on the server, which changed the ETag: the
    // sub-pages' save went with the one the pages' answer gave, and was not refused.
    expect(stored).toEqual({
      pages: sent.pageTypes,
      subPages: [],
    });
  });

  it('a page unticked and ticked again comes back with what was typed in it, and is saved so', async () => {
    storeTermsWithReturns();
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    const title = within(panel('Terms')).getByLabelText('Title (H1)');
    await user.clear(title);
    await user.type(title, 'Our terms');
    await user.click(within(panel('Terms')).getByRole('checkbox', { name: 'Card terms' }));

    await user.click(screen.getByRole('checkbox', { name: 'Terms' }));
    expect(screen.queryByRole('region', { name: 'Terms page' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Terms' }));
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    expect(within(panel('Terms')).getByLabelText('Title (H1)')).toHaveValue('Our terms');
    expect(within(panel('Terms')).getByRole('checkbox', { name: 'Card terms' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await pressOk(user, DIALOG_TEXT.successTitle);
    const sent = server.calls(`POST ${PAGES}`)[0]?.body as SelectedPageTypes;
    expect(sent.pageTypes.find((page) => page.typeId === 6)?.title).toBe('Our terms');
    expect(server.calls(`POST ${SUB_PAGES}`)[0]?.body).toEqual({
      profileId: 3,
      pageSubtypes: [
        { subtypeId: 61, pageTypeFk: 6 },
        { subtypeId: 62, pageTypeFk: 6 },
      ],
    });
  });

  it('a page unticked when the session ends: after the sign-in, ticked again, it shows what was typed', async () => {
    storeTermsWithReturns();
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    const title = within(panel('Terms')).getByLabelText('Title (H1)');
    await user.clear(title);
    await user.type(title, 'Our terms');
    await user.click(within(panel('Terms')).getByRole('checkbox', { name: 'Card terms' }));
    await user.click(screen.getByRole('checkbox', { name: 'Terms' }));
    expect(screen.queryByRole('region', { name: 'Terms page' })).toBeNull();

    server.once(`POST ${PAGES}`, SESSION_EXPIRED_ANSWER);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
    await signIn(user, server);
    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
    expect(currentPath()).toBe(paths.mm.wizard.page.path);
    expect(screen.getByRole('checkbox', { name: 'Terms' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Terms' }));
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    expect(within(panel('Terms')).getByLabelText('Title (H1)')).toHaveValue('Our terms');
    expect(within(panel('Terms')).getByRole('checkbox', { name: 'Card terms' })).toBeChecked();
  });

  it('a page unticked keeps what was typed in it through a save refused as stale', async () => {
    storeTermsWithReturns();
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    const title = within(panel('Terms')).getByLabelText('Title (H1)');
    await user.clear(title);
    await user.type(title, 'Our terms');
    await user.click(screen.getByRole('checkbox', { name: 'Terms' }));
    expect(screen.queryByRole('region', { name: 'Terms page' })).toBeNull();
    // Operator B selects About meanwhile.
    stored.pages = [
      ...stored.pages,
      { typeId: 8, navItem: 'About', title: 'About us', content: null },
    ];
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(ERROR_MESSAGE.staleRecord);

    // Read again: B's page shows; Terms stays unticked, and ticked again it shows the typing.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'About' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Terms' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Terms' }));
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    expect(within(panel('Terms')).getByLabelText('Title (H1)')).toHaveValue('Our terms');

    // The next save stores it on top of B's save.
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.pagesUpdated);
    expect(stored.pages.find((page) => page.typeId === 6)?.title).toBe('Our terms');
    expect(stored.pages.find((page) => page.typeId === 8)?.title).toBe('About us');
  });

  it("a save after another operator's refuses as stale, shows their change and keeps the typing", async () => {
    const { user } = await openPages();
    await user.click(screen.getByRole('button', { name: 'Edit Home' }));
    const home = panel('Home');
    const title = within(home).getByLabelText('Title (H1)');
    await user.clear(title);
    await user.type(title, 'Mine');
    // Operator B saves Home's content and ticks a sub-page of a page they selected meanwhile.
    const theirs: MerchantPagesState = {
      pages: [
        { typeId: 1, navItem: 'Start', title: 'Welcome', content: '<p>Theirs</p>' },
        { typeId: 4, navItem: 'Stores', title: 'Find a store', content: null },
        { typeId: 6, navItem: 'Terms', title: 'Terms', content: null },
      ],
      subPages: [{ subtypeId: 62, pageTypeFk: 6 }],
    };
    Object.assign(stored, structuredClone(theirs));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));

    expect(await pressOk(user, DIALOG_TEXT.errorTitle)).toContain(
      `${ERROR_MESSAGE.staleRecord} ${DIALOG_TEXT.staleRecordReloaded}`,
    );
    // Refused: nothing stored, no sub-pages sent.
    expect(writes()).toEqual([`POST ${PAGES}`]);
    expect(stored).toEqual(theirs);

    // Read again: B's content, page and sub-page show; A's title stays.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Terms' })).toBeChecked());
    await waitFor(() =>
      expect(within(home).getByRole('textbox', { name: 'Content' })).toHaveTextContent(/^Theirs$/),
    );
    expect(title).toHaveValue('Mine');
    await user.click(screen.getByRole('button', { name: 'Edit Terms' }));
    expect(within(panel('Terms')).getByRole('checkbox', { name: 'Card terms' })).toBeChecked();

    // The next save stores A's title on top of B's save, pages then sub-pages.
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await pressOk(user, DIALOG_TEXT.successTitle)).toContain(MERCHANT_TEXT.pagesUpdated);
    expect(writes()).toEqual([`POST ${PAGES}`, `POST ${PAGES}`, `POST ${SUB_PAGES}`]);
    expect(stored).toEqual({
      pages: [
        { typeId: 1, navItem: 'Start', title: 'Mine', content: '<p>Theirs</p>' },
        ...theirs.pages.slice(1),
      ],
      subPages: theirs.subPages,
    });
  });
});
