/**
 * Nothing typed is lost when the session ends by itself (401 with code 11: expired or revoked; a
 * failed refresh): the login screen says the session ended, and the same user's sign-in returns
 * to the screen with the unsaved values back in the form, unsaved, and a notice. A deliberate
 * logout keeps nothing; another user gets neither the values nor the screen; secrets are never
 * written to the browser's storage.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Token } from '@contracts/api/entities';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { DIALOG_TEXT, FIELD_MESSAGES } from '@contracts/api/messages';
import { URL_PATHS } from '@contracts/api/paths';
import {
  BASE_CAMPAIGN_ACTION,
  BASE_CAMPAIGN_ACTION_LABEL,
  BIN_TYPE,
  BIN_TYPE_LABEL,
  SCHEME_EMBEDDED,
  SCHEME_TEXT,
} from '@contracts/api/schemes';
import { UNSAVED_CHANGES_TEXT } from '@/components/wizard/unsaved-changes';
import { HOME_PATH, paths, withId } from '@/config/paths';
import { LAYOUT_TEXT, LOGIN_TEXT, SESSION_DRAFT_TEXT } from '@/config/texts';
import { SETTINGS_LABEL } from '@/features/my-journal/lib/journal-texts';
import { CLIENT_SETUP_LABEL, GENERAL_LABEL } from '@/features/schemes/lib/scheme-texts';
import {
  SESSION_DRAFT_KEY,
  keepDraft,
  registerDraftSource,
  takeDraftFor,
} from '@/lib/session/session-draft';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';
import {
  buildClient,
  buildFinancialSettlement,
  buildGiftConfig,
  buildLoyaltyConfig,
  buildScheme,
} from '../support/builders';
import {
  SESSION_EXPIRED_ANSWER,
  TEST_TOKEN,
  currentPath,
  embeddedList,
  renderApp,
  setTokenCookie,
  signIn,
  stepShown,
  typeAddress,
} from '../support/client-app';
import { installFakeFetch, type FakeFetch } from '../support/fake-fetch';
import {
  installJournalServer,
  makeProfile,
  type JournalFake,
} from './my-journal/journal-fake-server';
import { installSchemeServer } from './schemes/scheme-fake-server';

const OPERATOR: Token = { ...TEST_TOKEN, userName: 'operator', userType: 'OPERATOR' };

const COFFEE = makeProfile({
  profileId: 1,
  title: 'Coffee balance',
  keywords: 'coffee',
  description: 'About coffee',
});
const SETTINGS_ROUTE = withId(paths.mj.wizard.setting, 1);

let server: FakeFetch;
let journal: JournalFake;

beforeAll(() =>
  Promise.all([
    import('@/features/my-journal/components/journal-area'),
    import('@/features/schemes/components/scheme-area'),
  ]),
);

beforeEach(() => {
  server = installFakeFetch();
  journal = installJournalServer(server, { profiles: [COFFEE] });
  server.on('DELETE /api/tokens', { status: 204 });
  setTokenCookie();
});
afterEach(() => server.restore());

type User = ReturnType<typeof renderApp>['user'];
const field = (label: string) => screen.getByLabelText(label, { exact: true });
const storedDraft = () => window.sessionStorage.getItem(SESSION_DRAFT_KEY);

async function replaceText(user: User, label: string, text: string) {
  await user.clear(field(label));
  await user.type(field(label), text);
}

/** Opens Site Settings of profile 1 and changes its title and keywords (not saved). */
async function editSiteSettings() {
  const rendered = renderApp({ route: SETTINGS_ROUTE });
  await waitFor(() => expect(field(SETTINGS_LABEL.title)).toHaveValue('Coffee balance'));
  await replaceText(rendered.user, SETTINGS_LABEL.title, 'Tea time');
  await replaceText(rendered.user, SETTINGS_LABEL.keywords, 'tea, cake');
  return rendered;
}

/** Save & Continue answered 401 / code 11 (that save only): the login screen, saying the session ended. */
async function saveIntoExpiredSession(user: User) {
  server.once('PUT /api/myjournal/profiles/1', SESSION_EXPIRED_ANSWER);
  await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
  await screen.findByLabelText(LOGIN_TEXT.username);
  expect(currentPath()).toBe(paths.login.path);
}

const routeNow = () => window.location.hash.replace(/^#/, '');

describe('the session ends by itself with a form filled in', () => {
  it('says so on the login screen; signing in again restores the values, unsaved, with a notice', async () => {
    const { user, store } = await editSiteSettings();
    await saveIntoExpiredSession(user);

    expect(screen.getByRole('status')).toHaveTextContent(LOGIN_TEXT.sessionEnded);
    expect(store.getState().session.token).toBeNull();
    expect(storedDraft()).toContain('Tea time');

    await signIn(user, server);

    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toHaveAttribute('role', 'status');
    expect(routeNow()).toBe(SETTINGS_ROUTE);
    expect(field(SETTINGS_LABEL.title)).toHaveValue('Tea time');
    expect(field(SETTINGS_LABEL.keywords)).toHaveValue('tea, cake');
    expect(field(SETTINGS_LABEL.description)).toHaveValue('About coffee');
    expect(screen.queryByText(LOGIN_TEXT.sessionEnded)).not.toBeInTheDocument();
    // Used once; nothing was saved.
    expect(storedDraft()).toBeNull();
    expect(journal.profiles[0]!.title).toBe('Coffee balance');

    // Unsaved: leaving asks.
    await user.click(screen.getByRole('link', { name: LAYOUT_TEXT.gift }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: UNSAVED_CHANGES_TEXT.stay }));
    expect(routeNow()).toBe(SETTINGS_ROUTE);

    // Saving saves the restored values, and the step moves on.
    server.on('PUT /api/myjournal/profiles/1', (request) => ({ body: request.body }));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const success = await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(server.calls('PUT /api/myjournal/profiles/1').at(-1)!.body).toMatchObject({
      title: 'Tea time',
      keywords: 'tea, cake',
    });
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    // The next step shows, without the notice.
    await screen.findByRole('heading', { level: 2, name: 'Site Pages' });
    expect(currentPath()).toBe(paths.mj.wizard.page.path);
    expect(screen.queryByText(SESSION_DRAFT_TEXT.restored)).not.toBeInTheDocument();
  });

  it('the same happens when the refresh fails: "Timeout" dialog, the login screen says why', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      server.on(`POST ${URL_PATHS.refresh}`, SESSION_EXPIRED_ANSWER);
      const { user } = renderApp({
        route: SETTINGS_ROUTE,
        fakeTimers: true,
        preloadedState: { config: { ...DEFAULT_RUNTIME_CONFIG, inactivityLimitSeconds: 5 } },
      });
      await waitFor(() => expect(field(SETTINGS_LABEL.title)).toHaveValue('Coffee balance'));
      // Typed without key events, so the idle count is not reset.
      fireEvent.change(field(SETTINGS_LABEL.title), { target: { value: 'Tea time' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(6000);
      });

      const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.timeoutTitle });
      expect(dialog).toHaveTextContent(DIALOG_TEXT.timeoutMessage);
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();

      await signIn(user, server);
      expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
      expect(routeNow()).toBe(SETTINGS_ROUTE);
      expect(field(SETTINGS_LABEL.title)).toHaveValue('Tea time');
    } finally {
      jest.useRealTimers();
    }
  });

  it('another user signing in gets neither the values nor the screen; the draft is dropped', async () => {
    const { user } = await editSiteSettings();
    await saveIntoExpiredSession(user);
    expect(storedDraft()).not.toBeNull();

    await signIn(user, server, OPERATOR);

    await screen.findByRole('heading', { name: 'Select a MyJournal Website' });
    expect(currentPath()).toBe(HOME_PATH);
    expect(storedDraft()).toBeNull();
  });

  it('is never applied while another user holds the token (signed in in another tab)', async () => {
    const { user, unmount } = await editSiteSettings();
    await saveIntoExpiredSession(user);
    expect(storedDraft()).not.toBeNull();
    unmount();

    setTokenCookie(OPERATOR);
    renderApp({ route: SETTINGS_ROUTE });
    await waitFor(() => expect(field(SETTINGS_LABEL.title)).toHaveValue('Coffee balance'));
    // Effects and their follow-ups have run: nothing was put back.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(field(SETTINGS_LABEL.title)).toHaveValue('Coffee balance');
    expect(screen.queryByText(SESSION_DRAFT_TEXT.restored)).not.toBeInTheDocument();
  });

  it('General Settings: no password is kept; the country and its state come back together', async () => {
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [
        buildScheme({
          programId: 11,
          clientId: 1,
          clientName: 'Coffee Co',
          schemeName: 'Coffee Gift',
          countryId: 1,
          stateId: 10,
          transactionMethodsStr: '1',
        }),
      ],
    });
    const route = withId(paths.gift.wizard.general, 11);
    const { user } = renderApp({ route });
    await waitFor(() => expect(field(GENERAL_LABEL.schemeName)).toHaveValue('Coffee Gift'));
    await replaceText(user, GENERAL_LABEL.schemeName, 'Tea Gift');
    await user.type(field(GENERAL_LABEL.password), 'Secret12');
    await user.type(field(GENERAL_LABEL.passwordRepeat), 'Secret12');
    await user.selectOptions(field(GENERAL_LABEL.country), 'New Zealand');
    await screen.findByRole('option', { name: 'Auckland' });
    await user.selectOptions(field(GENERAL_LABEL.state), 'Auckland');

    server.on('PUT /api/gift-card/schemes/11', SESSION_EXPIRED_ANSWER);
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue }));
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
    const stored = storedDraft();
    expect(stored).toContain('Tea Gift');
    expect(stored).not.toContain('Secret12');

    await signIn(user, server);
    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
    expect(routeNow()).toBe(route);
    expect(field(GENERAL_LABEL.schemeName)).toHaveValue('Tea Gift');
    expect(field(GENERAL_LABEL.country)).toHaveDisplayValue('New Zealand');
    await waitFor(() => expect(field(GENERAL_LABEL.state)).toHaveDisplayValue('Auckland'));
    expect(field(GENERAL_LABEL.password)).toHaveValue('');
    expect(field(GENERAL_LABEL.passwordRepeat)).toHaveValue('');
  });

  it('only a password typed: nothing of it is kept, and the sign-in still returns to its screen', async () => {
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [buildScheme({ programId: 11, clientId: 1, schemeName: 'Coffee Gift' })],
    });
    const route = withId(paths.gift.wizard.general, 11);
    const { user } = renderApp({ route });
    await waitFor(() => expect(field(GENERAL_LABEL.schemeName)).toHaveValue('Coffee Gift'));
    await user.type(field(GENERAL_LABEL.password), 'Secret12');
    await user.type(field(GENERAL_LABEL.passwordRepeat), 'Secret12');

    server.on('PUT /api/gift-card/schemes/11', SESSION_EXPIRED_ANSWER);
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue }));
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
    expect(storedDraft() ?? '').not.toContain('Secret12');

    await signIn(user, server);
    await waitFor(() => expect(routeNow()).toBe(route));
    await waitFor(() => expect(field(GENERAL_LABEL.schemeName)).toHaveValue('Coffee Gift'));
    expect(field(GENERAL_LABEL.password)).toHaveValue('');
    expect(screen.queryByText(SESSION_DRAFT_TEXT.restored)).not.toBeInTheDocument();
    // Used once.
    expect(storedDraft()).toBeNull();
  });
});

describe('someone else saves the record while the session is over', () => {
  it('the restored save is refused as stale, shows their save and keeps the typing; the next one saves', async () => {
    const { user } = await editSiteSettings();
    const puts = () => server.calls('PUT /api/myjournal/profiles/1');
    await saveIntoExpiredSession(user);
    const typedOver = puts()[0]!.headers.get('If-Match');
    expect(typedOver).not.toBeNull();

    // Operator B saves a new description while A is signed out.
    Object.assign(journal.profiles[0]!, { description: 'Theirs' });
    await signIn(user, server);
    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
    // The screen shows B's description under A's restored typing.
    expect(field(SETTINGS_LABEL.description)).toHaveValue('Theirs');
    expect(field(SETTINGS_LABEL.title)).toHaveValue('Tea time');

    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(
      `${ERROR_MESSAGE.staleRecord} ${DIALOG_TEXT.staleRecordReloaded}`,
    );
    expect(puts()[1]!.headers.get('If-Match')).toBe(typedOver);
    expect(journal.profiles[0]).toMatchObject({ title: 'Coffee balance', description: 'Theirs' });
    await user.click(within(dialog).getByRole('button', { name: DIALOG_TEXT.ok }));

    // Saved again, knowingly: with the tag of the record as it is now, A's typing over B's save.
    expect(field(SETTINGS_LABEL.title)).toHaveValue('Tea time');
    const save = screen.getByRole('button', { name: 'Save & Continue' });
    // Once the refused save has ended: until then the button reads unavailable and does nothing.
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));
    await user.click(save);
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(puts()).toHaveLength(3);
    expect(journal.profiles[0]).toMatchObject({
      title: 'Tea time',
      keywords: 'tea, cake',
      description: 'Theirs',
    });
  });

  it('the session ends again before a save: the save after the next sign-in is still refused', async () => {
    const { user } = await editSiteSettings();
    const puts = () => server.calls('PUT /api/myjournal/profiles/1');
    await saveIntoExpiredSession(user);
    const typedOver = puts()[0]!.headers.get('If-Match');
    Object.assign(journal.profiles[0]!, { description: 'Theirs' });
    await signIn(user, server);
    await screen.findByText(SESSION_DRAFT_TEXT.restored);

    // The restored screen's save meets the end of the session too.
    await saveIntoExpiredSession(user);
    await signIn(user, server);
    await screen.findByText(SESSION_DRAFT_TEXT.restored);
    expect(field(SETTINGS_LABEL.title)).toHaveValue('Tea time');

    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(ERROR_MESSAGE.staleRecord);
    expect(puts().map((put) => put.headers.get('If-Match'))).toEqual([
      typedOver,
      typedOver,
      typedOver,
    ]);
    expect(journal.profiles[0]).toMatchObject({ title: 'Coffee balance', description: 'Theirs' });
  });

  it('the values come back in a tab signed in elsewhere (no sign-in here): still refused', async () => {
    const { user, unmount } = await editSiteSettings();
    await saveIntoExpiredSession(user);
    Object.assign(journal.profiles[0]!, { description: 'Theirs' });
    unmount();

    // The same user signed in in another tab: this one is opened again with that token.
    setTokenCookie();
    const reopened = renderApp({ route: SETTINGS_ROUTE });
    await screen.findByText(SESSION_DRAFT_TEXT.restored);
    expect(field(SETTINGS_LABEL.title)).toHaveValue('Tea time');
    await reopened.user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.errorTitle });
    expect(dialog).toHaveTextContent(ERROR_MESSAGE.staleRecord);
    expect(journal.profiles[0]).toMatchObject({ title: 'Coffee balance', description: 'Theirs' });
  });

  it('no one did: the restored save goes through at once', async () => {
    const { user } = await editSiteSettings();
    await saveIntoExpiredSession(user);

    await signIn(user, server);
    await screen.findByText(SESSION_DRAFT_TEXT.restored);
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.profiles[0]).toMatchObject({ title: 'Tea time', keywords: 'tea, cake' });
  });

  it('the screen left and opened again: its saves go with the record as read then', async () => {
    const { user } = await editSiteSettings();
    await saveIntoExpiredSession(user);
    Object.assign(journal.profiles[0]!, { description: 'Theirs' });
    await signIn(user, server);
    await screen.findByText(SESSION_DRAFT_TEXT.restored);

    // A leaves without saving, then opens the screen again and saves a change of their own.
    await user.click(screen.getByRole('link', { name: LAYOUT_TEXT.gift }));
    const leave = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    await user.click(within(leave).getByRole('button', { name: UNSAVED_CHANGES_TEXT.leave }));
    // Left once the screen left is gone: the Gift dashboard shows.
    await screen.findByRole('heading', { name: SCHEME_TEXT.giftDashboardTitle });
    act(() => typeAddress(SETTINGS_ROUTE));
    await stepShown('Site Setting');
    await waitFor(() => expect(field(SETTINGS_LABEL.description)).toHaveValue('Theirs'));
    await replaceText(user, SETTINGS_LABEL.keywords, 'later');
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await screen.findByRole('dialog', { name: DIALOG_TEXT.successTitle });
    expect(journal.profiles[0]).toMatchObject({ keywords: 'later', description: 'Theirs' });
  });
});

describe('values the kept values bring back on screen come back too', () => {
  it('Client Setup: a new client and its BIN, shown only once "New client" and the BIN type are chosen', async () => {
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [],
    });
    const { user } = renderApp({ route: paths.gift.wizard.setup.path });
    await stepShown(SCHEME_TEXT.tabs.setup);
    await user.click(screen.getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient }));
    await user.type(field(CLIENT_SETUP_LABEL.newClientName), 'Tea House');
    const international = BIN_TYPE_LABEL[BIN_TYPE.INTERNATIONAL];
    await user.click(screen.getByRole('radio', { name: international }));
    await user.type(field(CLIENT_SETUP_LABEL.binNumber), '123456');
    await user.type(field(CLIENT_SETUP_LABEL.binName), 'Tea BIN');

    server.on('POST /api/gift-card/clients', SESSION_EXPIRED_ANSWER);
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue }));
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();

    await signIn(user, server);
    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
    expect(screen.getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient })).toBeChecked();
    expect(screen.getByRole('radio', { name: international })).toBeChecked();
    await waitFor(() => expect(field(CLIENT_SETUP_LABEL.newClientName)).toHaveValue('Tea House'));
    expect(field(CLIENT_SETUP_LABEL.binNumber)).toHaveValue('123456');
    expect(field(CLIENT_SETUP_LABEL.binName)).toHaveValue('Tea BIN');
    expect(storedDraft()).toBeNull();
  });

  it('Base Campaign: a scale row added and filled in', async () => {
    const ID = 21;
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [
        buildScheme({ programId: ID, programTypeId: 3, clientId: 1, schemeName: 'Points' }),
      ],
      configs: [buildLoyaltyConfig({ programId: ID })],
    });
    server.on(`GET /api/gift-card/base-campaign/campaign-action/${ID}`, {
      status: 404,
      body: { errorCode: 3, errorMessage: 'Base campaign not found' },
    });
    server.on(`GET /api/gift-card/base-campaign/campaign-non-action/${ID}`, {
      body: embeddedList(SCHEME_EMBEDDED.nonActions, []),
    });
    const mode = BASE_CAMPAIGN_ACTION_LABEL[BASE_CAMPAIGN_ACTION.SLIDING];
    const row = (n: number) => screen.getByRole('group', { name: `${mode} row ${n}` });
    const { user } = renderApp({ route: withId(paths.loyalty.wizard.basecampaign, ID) });
    await user.click(await screen.findByRole('radio', { name: mode }));
    await user.click(screen.getByRole('button', { name: `Add Scale to ${mode}` }));
    await user.type(within(row(2)).getByLabelText('Multiplier'), '2.5');
    fireEvent.change(within(row(2)).getByRole('slider'), { target: { value: '120' } });
    expect(within(row(2)).getByText('$21 - $120')).toBeInTheDocument();

    server.on('POST /api/gift-card/base-campaign', SESSION_EXPIRED_ANSWER);
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue }));
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();

    await signIn(user, server);
    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
    expect(screen.getByRole('radio', { name: mode })).toBeChecked();
    await waitFor(() => expect(within(row(2)).getByText('$21 - $120')).toBeInTheDocument());
    expect(within(row(2)).getByLabelText('Multiplier')).toHaveValue('2.50');
  });
});

describe('text typed in a field a mode switch hides comes back too', () => {
  beforeEach(() => {
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [],
    });
  });
  const newClient = () => screen.getByRole('radio', { name: CLIENT_SETUP_LABEL.newClient });
  const existingClient = () =>
    screen.getByRole('radio', { name: CLIENT_SETUP_LABEL.existingClient });

  it('Client Setup: a new client name, with Existing client chosen again, after a "Timeout"', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      server.on(`POST ${URL_PATHS.refresh}`, SESSION_EXPIRED_ANSWER);
      const route = paths.gift.wizard.setup.path;
      const { user } = renderApp({
        route,
        fakeTimers: true,
        preloadedState: { config: { ...DEFAULT_RUNTIME_CONFIG, inactivityLimitSeconds: 5 } },
      });
      await screen.findByRole('option', { name: 'Coffee Co' });
      await user.click(newClient());
      await user.type(field(CLIENT_SETUP_LABEL.newClientName), 'Tea House');
      // Back to the choice the step loaded with: the only change is in the hidden field.
      await user.click(existingClient());
      expect(screen.queryByLabelText(CLIENT_SETUP_LABEL.newClientName)).not.toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(6000);
      });
      const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.timeoutTitle });
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
      expect(storedDraft()).toContain('Tea House');

      await signIn(user, server);
      expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
      expect(routeNow()).toBe(route);
      expect(existingClient()).toBeChecked();
      expect(storedDraft()).toBeNull();
      await user.click(newClient());
      expect(field(CLIENT_SETUP_LABEL.newClientName)).toHaveValue('Tea House');

      // Unsaved, as before the session ended: leaving asks.
      await user.click(existingClient());
      await user.click(screen.getByRole('link', { name: LAYOUT_TEXT.loyalty }));
      await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TEXT.title });
    } finally {
      jest.useRealTimers();
    }
  });

  it('Client Setup: a BIN number and name, with the Card BIN type Transactor chosen again', async () => {
    const route = paths.gift.wizard.setup.path;
    const { user } = renderApp({ route });
    await stepShown(SCHEME_TEXT.tabs.setup);
    await user.click(newClient());
    const international = BIN_TYPE_LABEL[BIN_TYPE.INTERNATIONAL];
    const transactor = BIN_TYPE_LABEL[BIN_TYPE.TRANSACTOR];
    await user.click(screen.getByRole('radio', { name: international }));
    await user.type(field(CLIENT_SETUP_LABEL.binNumber), '123456');
    await user.type(field(CLIENT_SETUP_LABEL.binName), 'Tea BIN');
    await user.click(screen.getByRole('radio', { name: transactor }));
    await user.type(field(CLIENT_SETUP_LABEL.newClientName), 'Tea House');

    server.on('POST /api/gift-card/clients', SESSION_EXPIRED_ANSWER);
    await user.click(screen.getByRole('button', { name: SCHEME_TEXT.buttons.saveContinue }));
    expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
    // Transactor sends no BIN; the BIN typed is kept all the same.
    expect(server.calls('POST /api/gift-card/clients')[0]!.body).toMatchObject({
      binNumber: null,
      binName: null,
    });
    expect(storedDraft()).toContain('Tea BIN');

    await signIn(user, server);
    expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
    expect(newClient()).toBeChecked();
    await waitFor(() => expect(field(CLIENT_SETUP_LABEL.newClientName)).toHaveValue('Tea House'));
    expect(screen.getByRole('radio', { name: transactor })).toBeChecked();
    expect(screen.queryByLabelText(CLIENT_SETUP_LABEL.binNumber)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: international }));
    expect(field(CLIENT_SETUP_LABEL.binNumber)).toHaveValue('123456');
    expect(field(CLIENT_SETUP_LABEL.binName)).toHaveValue('Tea BIN');
  });
});

describe('a date whose text is not a date', () => {
  it('Financial Settlement: comes back as typed after a "Timeout", still "Date is not valid"', async () => {
    installSchemeServer(server, {
      clients: [buildClient({ clientId: 1, clientName: 'Coffee Co' })],
      schemes: [buildScheme({ programId: 11, clientId: 1, clientName: 'Coffee Co' })],
      configs: [buildGiftConfig({ programId: 11 })],
      settlements: [buildFinancialSettlement({ programId: 11 })],
    });
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      server.on(`POST ${URL_PATHS.refresh}`, SESSION_EXPIRED_ANSWER);
      const route = withId(paths.gift.wizard.financial, 11);
      const { user } = renderApp({
        route,
        fakeTimers: true,
        preloadedState: { config: { ...DEFAULT_RUNTIME_CONFIG, inactivityLimitSeconds: 5 } },
      });
      await waitFor(() => expect(field('End Date')).not.toHaveValue(''));
      await user.clear(field('End Date'));
      await user.paste('31.02.2027');
      await user.keyboard('{Escape}');
      await user.tab();
      expect(field('End Date')).toHaveAccessibleDescription(FIELD_MESSAGES.checkFormat);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(6000);
      });
      const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.timeoutTitle });
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(await screen.findByText(LOGIN_TEXT.sessionEnded)).toBeVisible();
      expect(storedDraft()).toContain('31.02.2027');

      await signIn(user, server);
      expect(await screen.findByText(SESSION_DRAFT_TEXT.restored)).toBeVisible();
      expect(routeNow()).toBe(route);
      await waitFor(() => expect(field('End Date')).toHaveValue('31.02.2027'));
      expect(field('End Date')).toHaveAccessibleDescription(FIELD_MESSAGES.checkFormat);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('two forms on one screen', () => {
  it('each takes back its own values, by the fields it holds; the draft goes with the last', () => {
    window.history.replaceState(null, '', `#${SETTINGS_ROUTE}`);
    const unregister = [
      registerDraftSource(() => new Map([['title', 'Tea time']])),
      registerDraftSource(() => new Map<string, unknown>([['rows[1]', { min: 21, max: 40 }]])),
    ];
    keepDraft(TEST_TOKEN.userName);
    unregister.forEach((remove) => remove());

    expect(takeDraftFor(['keywords'])).toBeUndefined();
    expect(takeDraftFor(['rows[0].max'])).toEqual(new Map([['rows[1]', { min: 21, max: 40 }]]));
    expect(storedDraft()).not.toBeNull();
    expect(takeDraftFor(['rows[0].max'])).toBeUndefined();
    expect(takeDraftFor(['title', 'keywords'])).toEqual(new Map([['title', 'Tea time']]));
    expect(storedDraft()).toBeNull();
  });
});

describe('a deliberate logout', () => {
  it('keeps nothing: no message, no draft, and the next sign-in lands on the dashboard', async () => {
    const { user } = await editSiteSettings();
    await user.click(screen.getByRole('button', { name: LAYOUT_TEXT.logout }));
    const dialog = await screen.findByRole('dialog', { name: DIALOG_TEXT.logoutTitle });
    // The unsaved edit would be lost: the dialog opens on Cancel, so Enter keeps it.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: DIALOG_TEXT.cancel })).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await screen.findByLabelText(LOGIN_TEXT.username);

    expect(screen.queryByText(LOGIN_TEXT.sessionEnded)).not.toBeInTheDocument();
    expect(storedDraft()).toBeNull();

    await signIn(user, server);
    await screen.findByRole('heading', { name: 'Select a MyJournal Website' });
    expect(currentPath()).toBe(HOME_PATH);
    expect(screen.queryByText(SESSION_DRAFT_TEXT.restored)).not.toBeInTheDocument();
  });
});
