/**
 * The page at /__mock in jsdom against a fake server: the sign-in form by its labels
 * and the token it keeps, the calls table (newest first, new calls on top, failures announced),
 * the active faults with their Delete buttons and the delay, the scenario switch and reset
 * confirmed in a dialog, and a 401 bringing the sign-in back.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import type { Fault, FaultList } from '@contracts/api/mock-faults';
import {
  MOCK_PAGE_TEXT,
  REQUEST_LOG,
  type LoggedRequest,
  type RequestLogPage,
} from '@contracts/api/mock-requests';
import type { ScenarioList } from '@contracts/api/mock-scenarios';
import { TOKEN_KEY } from '@/mock-page/mock-api';
import { startMockPage, type MockPage } from '@/mock-page/mock-page';
import { installFakeFetch, type FakeFetch, type RecordedRequest } from '../support/fake-fetch';

const T = MOCK_PAGE_TEXT;

const TOKEN: Token = {
  token: 'access-token-1',
  module: MODULE_CODE,
  masterToken: 'master-token-1',
  expiration: '2030-01-01T00:00:00.000Z',
  userName: 'admin',
  userType: 'ADMIN',
};

function logged(id: number, overrides: Partial<LoggedRequest> = {}): LoggedRequest {
  return {
    id,
    time: '2026-03-04T05:06:07.089Z',
    method: 'GET',
    path: `/api/programs?call=${id}`,
    status: 200,
    durationMs: 3,
    completed: true,
    kind: 'mock',
    static: false,
    ...overrides,
  };
}

const FAULT: Fault = {
  id: 'f1',
  method: 'PUT',
  path: '/api/myjournal/profiles/:id',
  status: 500,
  errorMessage: 'Service unavailable',
  delayMs: 800,
  remaining: 2,
  applied: 1,
  source: 'api',
};

const SCENARIOS: ScenarioList = {
  current: 'demo',
  scenarios: [
    { name: 'demo', description: 'The seed data.' },
    { name: 'empty', description: 'Users only.' },
  ],
};

/** A fake log: `entries` newest first; `?after=` gives the ones logged after that id. */
class FakeLog {
  entries: LoggedRequest[] = [];

  answer = (request: RecordedRequest) => {
    const after = request.url.searchParams.get('after');
    const index =
      after === null ? -1 : this.entries.findIndex((entry) => entry.id === Number(after));
    const requests = index === -1 ? this.entries : this.entries.slice(0, index);
    const body: RequestLogPage = { requests, capacity: REQUEST_LOG.capacity };
    return { body };
  };
}

let server: FakeFetch;
let log: FakeLog;
let faults: FaultList;
let scenarios: ScenarioList;
let page: MockPage | undefined;

function authorizationOf(request: RecordedRequest): string | null {
  return request.headers.get('Authorization');
}

beforeEach(() => {
  sessionStorage.clear();
  log = new FakeLog();
  faults = { delayMs: 0, faults: [] };
  scenarios = SCENARIOS;
  server = installFakeFetch({
    'POST /api/tokens': { body: TOKEN },
    'GET /__mock/requests': (request) => log.answer(request),
    'GET /__mock/faults': () => ({ body: faults }),
    'GET /__mock/scenarios': () => ({ body: scenarios }),
  });
  document.body.innerHTML = '<div id="mock-page"></div>';
});

afterEach(() => {
  page?.stop();
  page = undefined;
  server.restore();
});

function start(): void {
  const root = document.getElementById('mock-page')!;
  page = startMockPage(root, { pollMs: 5 });
}

function signedIn(): void {
  sessionStorage.setItem(TOKEN_KEY, TOKEN.token);
}

function callsTable(): HTMLElement {
  return screen.getByRole('table', { name: T.requests.caption(REQUEST_LOG.capacity) });
}

describe('the /__mock page', () => {
  it('signs in with the portal login by its labelled fields, keeps the token, and sends it', async () => {
    const user = userEvent.setup();
    start();
    expect(screen.getByRole('heading', { name: T.signIn.heading })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(T.signIn.username), 'admin');
    await user.type(screen.getByLabelText(T.signIn.password), 'admin123{Enter}');

    expect(await screen.findByText(T.signedInAs('admin'))).toBeInTheDocument();
    const [login] = server.calls('POST /api/tokens');
    expect(login!.body).toEqual({ username: 'admin', password: 'admin123' });
    expect(login!.headers.get(MODULE_CODE_HEADER)).toBe(MODULE_CODE);
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe(TOKEN.token);
    // The master token is not kept.
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(TOKEN.masterToken);

    await waitFor(() => expect(server.calls('GET /__mock/requests').length).toBeGreaterThan(0));
    const dataCalls = server.requests.filter((request) => request.path.startsWith('/__mock'));
    expect(dataCalls.map(authorizationOf)).toEqual(dataCalls.map(() => `Bearer ${TOKEN.token}`));
    expect(screen.getByLabelText(T.signIn.password)).toHaveValue('');
  });

  it('shows the server’s message when the sign-in is refused', async () => {
    server.on('POST /api/tokens', {
      status: 401,
      body: { errorCode: 10, errorMessage: 'Invalid username or password' },
    });
    const user = userEvent.setup();
    start();
    await user.type(screen.getByLabelText(T.signIn.username), 'admin');
    await user.type(screen.getByLabelText(T.signIn.password), 'wrong');
    await user.click(screen.getByRole('button', { name: T.signIn.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('shows the log newest first, then new calls on top as they come, announcing failures', async () => {
    signedIn();
    log.entries = [
      logged(2, { method: 'PUT', path: '/api/x', status: 500, fault: '500 by fault 3' }),
      logged(1),
    ];
    start();

    const table = callsTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([...T.requests.columns]);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, newest, oldest] = within(table).getAllByRole('row');
    const cells = within(newest!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      expect.stringMatching(/^\d\d:\d\d:07\.089$/),
      'PUT',
      '/api/x',
      '500',
      '3 ms',
      '500 by fault 3',
    ]);
    expect(within(oldest!).getByText('/api/programs?call=1')).toBeInTheDocument();
    // The log as found is history: nothing announced.
    const live = document.querySelector('[aria-live]')!;
    expect(live).toHaveTextContent('');

    log.entries = [
      logged(4, { method: 'POST', path: '/api/y', status: 0, completed: false }),
      logged(3),
      ...log.entries,
    ];
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('data-id')),
    ).toEqual(['4', '3', '2', '1']);
    expect(within(table).getByText(`0 (${T.requests.aborted})`)).toBeInTheDocument();
    expect(live).toHaveTextContent(T.requests.failed(1, `POST /api/y ${T.requests.aborted}`));
    // Later polls ask only for calls after the newest shown.
    await waitFor(() =>
      expect(
        server
          .calls('GET /__mock/requests')
          .some((request) => request.url.searchParams.get('after') === '4'),
      ).toBe(true),
    );
  });

  it('says when no call was logged yet', async () => {
    signedIn();
    start();
    expect(await screen.findByText(T.requests.none)).toBeVisible();
  });

  it('shows the active faults and the delay, and deletes one with its button', async () => {
    signedIn();
    faults = { delayMs: 250, faults: [FAULT] };
    server.on('DELETE /__mock/faults/f1', () => {
      faults = { delayMs: 250, faults: [] };
      return { status: 204 };
    });
    const user = userEvent.setup();
    start();

    expect(await screen.findByText(T.faults.delay(250))).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: T.faults.heading });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([...T.faults.columns]);
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'PUT',
      '/api/myjournal/profiles/:id',
      '500 Service unavailable; delay 800 ms',
      '2',
      '1',
      'api',
      T.faults.delete,
    ]);

    await user.click(within(row).getByRole('button', { name: T.faults.deleteLabel('f1') }));
    expect(await screen.findByText(T.faults.none)).toBeInTheDocument();
    expect(server.calls('DELETE /__mock/faults/f1')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(T.faults.deleted('f1'));
  });

  it('switches the scenario and resets only after the dialog is confirmed', async () => {
    signedIn();
    server.on('POST /__mock/scenarios/empty', () => {
      scenarios = { ...SCENARIOS, current: 'empty' };
      return { body: scenarios };
    });
    server.on('POST /__mock/reset', () => ({ body: scenarios }));
    const user = userEvent.setup();
    start();

    expect(await screen.findByText(T.scenario.current('demo'))).toBeInTheDocument();
    const select = screen.getByLabelText(T.scenario.select);
    expect(select).toHaveValue('demo');
    await user.selectOptions(select, 'empty');

    // Cancel: nothing sent.
    await user.click(screen.getByRole('button', { name: T.scenario.switch }));
    const dialog = document.querySelector('dialog')!;
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText(T.scenario.confirmSwitch('empty'))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: T.scenario.cancel })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: T.scenario.cancel }));
    expect(dialog).not.toHaveAttribute('open');
    expect(server.calls('POST /__mock/scenarios/empty')).toHaveLength(0);

    // Confirmed: switched.
    await user.click(screen.getByRole('button', { name: T.scenario.switch }));
    await user.click(within(dialog).getByRole('button', { name: T.scenario.confirm }));
    expect(await screen.findByText(T.scenario.switched('empty'))).toBeInTheDocument();
    expect(server.calls('POST /__mock/scenarios/empty')).toHaveLength(1);
    expect(await screen.findByText(T.scenario.current('empty'))).toBeInTheDocument();
    // The focus is back on the button that opened the dialog.
    expect(screen.getByRole('button', { name: T.scenario.switch })).toHaveFocus();

    // Reset, confirmed.
    await user.click(screen.getByRole('button', { name: T.scenario.reset }));
    expect(within(dialog).getByText(T.scenario.confirmReset('empty'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: T.scenario.confirm }));
    expect(await screen.findByText(T.scenario.wasReset('empty'))).toBeInTheDocument();
    expect(server.calls('POST /__mock/reset')).toHaveLength(1);
  });

  it('shows the sign-in again when a call answers 401, forgetting the token', async () => {
    signedIn();
    server.on('GET /__mock/requests', {
      status: 401,
      body: { errorCode: 11, errorMessage: 'Session expired' },
    });
    start();
    expect(await screen.findByText(T.signIn.again)).toBeInTheDocument();
    expect(screen.getByLabelText(T.signIn.username)).toBeVisible();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
