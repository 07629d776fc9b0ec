/**
 * A session that ends while a journal call is running: the operator sees only the session's own
 * path (01 §8: logged out, at login), never an "Error" / "Aborted" dialog for the call that the
 * sign-out cancelled.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODE } from '@contracts/api/constants';
import { paths, withId } from '@/config/paths';
import { LOGIN_TEXT } from '@/config/texts';
import { lookupsApi } from '@/lib/api/lookups-api';
import { dialogStore } from '@/lib/dialogs/dialog-service';
import { currentPath, renderApp, setTokenCookie } from '../../support/client-app';
import {
  deferred,
  installFakeFetch,
  type FakeFetch,
  type FakeResponse,
} from '../../support/fake-fetch';
import { installJournalServer, makePage, makeProfile } from './journal-fake-server';

let server: FakeFetch;

const COFFEE = makeProfile({ profileId: 1, title: 'Coffee balance', description: 'About' });
const EXPIRED: FakeResponse = {
  status: 401,
  body: { errorCode: ERROR_CODE.SESSION_EXPIRED, errorMessage: 'Session expired' },
};

beforeAll(() => import('@/features/my-journal/components/journal-area'));

beforeEach(() => {
  server = installFakeFetch();
  installJournalServer(server, {
    profiles: [COFFEE],
    pages: [makePage({ pageId: 1, profileId: 1 })],
  });
  // Any other call answered "session expired" (here a lookup) signs the operator out.
  server.on('GET /api/countries', EXPIRED);
  setTokenCookie();
});
afterEach(() => server.restore());

/** Ends the session the way the app learns of it: another call is answered 401 / code 11. */
async function endSession(store: ReturnType<typeof renderApp>['store']) {
  await act(async () => {
    await store.dispatch(lookupsApi.endpoints.countries.initiate());
  });
  await waitFor(() => expect(currentPath()).toBe(paths.login.path));
}

/** The held answer arrives after the sign-out; then nothing may be left on top of login. */
async function expectOnlyLogin(answer: { resolve(value: FakeResponse): void }) {
  answer.resolve(EXPIRED);
  // Let the cancelled save's handler run to its end.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(await screen.findByLabelText(LOGIN_TEXT.username)).toBeVisible();
  // The dialog service itself holds nothing: a dialog whose host chunk had not rendered yet counts.
  expect(dialogStore.getSnapshot()).toEqual([]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByText('Aborted')).not.toBeInTheDocument();
}

describe('the session ends while a journal call runs', () => {
  it('a step save: login, with no error dialog on top', async () => {
    const answer = deferred<FakeResponse>();
    server.on('PUT /api/myjournal/profiles/1', () => answer.promise);
    const { user, store } = renderApp({ route: withId(paths.mj.wizard.setting, 1) });
    await waitFor(() => expect(screen.getByLabelText('Site Title')).toHaveValue('Coffee balance'));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(server.calls('PUT /api/myjournal/profiles/1')).toHaveLength(1));

    await endSession(store);
    await expectOnlyLogin(answer);
  });

  it('a publish: the processing dialog closes and no error dialog is shown', async () => {
    const answer = deferred<FakeResponse>();
    server.on('GET /api/moduleCodes/byid/11', () => answer.promise);
    const { user, store } = renderApp({ route: paths.mj.dashboard.path });
    const card = await screen.findByRole('article', { name: 'Coffee balance' });
    await user.click(within(card).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(server.calls('GET /api/moduleCodes/byid/11')).toHaveLength(1));

    await endSession(store);
    await expectOnlyLogin(answer);
  });

  it('a save answered "session expired" itself: login, with no error dialog', async () => {
    server.on('PUT /api/myjournal/profiles/1', EXPIRED);
    const { user } = renderApp({ route: withId(paths.mj.wizard.setup, 1) });
    await waitFor(() => expect(screen.getByLabelText('URL')).toHaveValue('coffee'));
    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(currentPath()).toBe(paths.login.path));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(dialogStore.getSnapshot()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
