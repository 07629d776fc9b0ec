/**
 * The page at /__mock in jsdom against a fake server: the sign-in form by its labels
 * and the token it keeps, the calls table (newest first, new calls on top, failures announced,
 * static files behind a toggle, filters), a call's details dialog (Copy as curl, Make this call
 * fail), the active faults with the delay, added, edited and deleted in a form, the forwarding
 * rules the same way, the recordings, the scenario switch and reset confirmed in a dialog
 * (recorded scenarios marked), and a 401 bringing the sign-in back.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import type { Token } from '@contracts/api/entities';
import type { Fault, FaultList } from '@contracts/api/mock-faults';
import {
  MOCK_PAGE_TEXT,
  REQUEST_LOG,
  type LoggedRequest,
  type RequestLogPage,
} from '@contracts/api/mock-requests';
import {
  MOCK_DATA_CHANNEL,
  type DataReplacedMessage,
  type ScenarioList,
} from '@contracts/api/mock-scenarios';
import {
  MOCK_PROXY_TEXT,
  type LoggedCallDetail,
  type RecordingList,
  type RouteList,
} from '@contracts/api/mock-proxy';
import { TOKEN_KEY } from '@/mock-page/mock-api';
import { startMockPage, type MockPage } from '@/mock-page/mock-page';
import {
  deferred,
  installFakeFetch,
  NETWORK_ERROR,
  type FakeFetch,
  type RecordedRequest,
} from '../support/fake-fetch';

const T = MOCK_PAGE_TEXT;
const P = MOCK_PROXY_TEXT;

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
  /** The server process's log; another after a restart. */
  logId = 'log-1';

  answer = (request: RecordedRequest) => {
    const after = request.url.searchParams.get('after');
    const index =
      after === null ? -1 : this.entries.findIndex((entry) => entry.id === Number(after));
    const requests = index === -1 ? this.entries : this.entries.slice(0, index);
    const body: RequestLogPage = { requests, capacity: REQUEST_LOG.capacity, logId: this.logId };
    return { body };
  };
}

let server: FakeFetch;
let log: FakeLog;
let faults: FaultList;
let scenarios: ScenarioList;
let routes: RouteList;
let recordings: RecordingList;
let page: MockPage | undefined;

function authorizationOf(request: RecordedRequest): string | null {
  return request.headers.get('Authorization');
}

beforeEach(() => {
  sessionStorage.clear();
  log = new FakeLog();
  faults = { delayMs: 0, faults: [] };
  scenarios = SCENARIOS;
  routes = { target: null, tokens: null, routes: [] };
  recordings = { recordings: [] };
  server = installFakeFetch({
    'GET /__mock/routes': () => ({ body: routes }),
    'GET /__mock/recordings': () => ({ body: recordings }),
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
    // The alert is on the page, empty, from the start: the message is what shows.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password'),
    );
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
      'mock',
      '500 by fault 3',
      T.requests.details,
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

  it('starts the list over when the server restarted, clearing the unreachable status', async () => {
    signedIn();
    log.entries = [logged(2, { path: '/api/old-run' }), logged(1)];
    start();
    await waitFor(() => expect(shownIds()).toEqual(['2', '1']));

    // The server goes away: the page says so.
    server.on('GET /__mock/requests', NETWORK_ERROR);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(T.unreachable));

    // Back, as a new process: its own log, whose ids start over.
    log.logId = 'log-2';
    log.entries = [logged(2, { path: '/api/new-run' })];
    server.on('GET /__mock/requests', (request) => log.answer(request));
    await waitFor(() => expect(shownIds()).toEqual(['2']));
    expect(within(callsTable()).getByText('/api/new-run')).toBeInTheDocument();
    expect(within(callsTable()).queryByText('/api/old-run')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });

  it('says when no call was logged yet, and that no delay is added', async () => {
    signedIn();
    start();
    // Hidden until the log has answered.
    await waitFor(() => expect(screen.getByText(T.requests.none)).toBeVisible());
    expect(
      await screen.findByText('No delay is added to the calls (MOCK_DELAY_MS is 0).'),
    ).toBeVisible();
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
      `${P.faultForm.edit}${T.faults.delete}`,
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

  it('tells the portal’s open tabs of its origin once the data is replaced, not when refused', async () => {
    // jsdom has no BroadcastChannel; Node's is the same standard interface.
    Object.assign(window, { BroadcastChannel: NodeBroadcastChannel });
    const portalTab = new NodeBroadcastChannel(MOCK_DATA_CHANNEL);
    const heard: unknown[] = [];
    portalTab.onmessage = (event) => heard.push((event as MessageEvent).data);
    try {
      signedIn();
      server.on('POST /__mock/scenarios/empty', {
        status: 409,
        body: { errorCode: 5, errorMessage: 'An import is running' },
      });
      server.on('POST /__mock/reset', () => ({ body: scenarios }));
      const user = userEvent.setup();
      start();
      await screen.findByText(T.scenario.current('demo'));

      await user.selectOptions(screen.getByLabelText(T.scenario.select), 'empty');
      await user.click(screen.getByRole('button', { name: T.scenario.switch }));
      await user.click(screen.getByRole('button', { name: T.scenario.confirm }));
      // Refused, and done with: asked once, the buttons enabled again (disabled while asking).
      await waitFor(() => {
        expect(server.calls('POST /__mock/scenarios/empty')).toHaveLength(1);
        expect(screen.getByRole('button', { name: T.scenario.reset })).toBeEnabled();
      });
      await user.click(screen.getByRole('button', { name: T.scenario.reset }));
      await user.click(screen.getByRole('button', { name: T.scenario.confirm }));
      expect(await screen.findByText(T.scenario.wasReset('demo'))).toBeInTheDocument();

      // A channel delivers in order: had the refused switch posted, its word would come first.
      const reset: DataReplacedMessage = { type: 'data-replaced', scenario: 'demo' };
      await waitFor(() => expect(heard).toEqual([reset]));
    } finally {
      portalTab.close();
      Reflect.deleteProperty(window, 'BroadcastChannel');
    }
  });

  it('shows a busy status during a switch or reset, then gives the focus back to its button', async () => {
    signedIn();
    // Each answer waits until the test lets it go, however soon the call reaches the server.
    let answer = deferred<undefined>();
    const answered = async () => {
      // A browser takes the focus off a button when it is disabled.
      (document.activeElement as HTMLElement | null)?.blur();
      await answer.promise;
      return { body: scenarios };
    };
    server.on('POST /__mock/scenarios/empty', answered);
    server.on('POST /__mock/reset', answered);
    const user = userEvent.setup();
    start();
    await screen.findByText(T.scenario.current('demo'));
    const section = screen.getByRole('region', { name: T.scenario.heading });

    for (const [button, busy, done] of [
      [T.scenario.switch, T.scenario.switching('empty'), T.scenario.switched('demo')],
      [T.scenario.reset, T.scenario.resetting('demo'), T.scenario.wasReset('demo')],
    ] as const) {
      answer = deferred();
      await user.selectOptions(screen.getByLabelText(T.scenario.select), 'empty');
      await user.click(screen.getByRole('button', { name: button }));
      await user.click(screen.getByRole('button', { name: T.scenario.confirm }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(busy));
      expect(section).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByRole('button', { name: button })).toBeDisabled();
      answer.resolve(undefined);
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(done));
      expect(section).not.toHaveAttribute('aria-busy');
      expect(screen.getByRole('button', { name: button })).toHaveFocus();
    }
  });

  it('renews an expired access token with the master token, staying signed in', async () => {
    const user = userEvent.setup();
    server.on('POST /api/2/tokens/refresh', { body: { ...TOKEN, token: 'access-token-2' } });
    // The first token has run out: every call with it answers 401.
    server.on('GET /__mock/faults', (request) =>
      authorizationOf(request) === `Bearer ${TOKEN.token}`
        ? { status: 401, body: { errorCode: 11, errorMessage: 'Session expired' } }
        : { body: faults },
    );
    start();
    await user.type(screen.getByLabelText(T.signIn.username), 'admin');
    await user.type(screen.getByLabelText(T.signIn.password), 'admin123{Enter}');
    await waitFor(() => expect(sessionStorage.getItem(TOKEN_KEY)).toBe('access-token-2'));
    const [refresh] = server.calls('POST /api/2/tokens/refresh');
    expect(refresh!.body).toEqual({ masterToken: TOKEN.masterToken });
    expect(refresh!.headers.get(MODULE_CODE_HEADER)).toBe(MODULE_CODE);
    expect(refresh!.headers.get('Authorization')).toBeNull();
    // The call is made again with the new token; the page stays signed in.
    await waitFor(() =>
      expect(server.calls('GET /__mock/faults').map(authorizationOf)).toContain(
        'Bearer access-token-2',
      ),
    );
    expect(await screen.findByText(T.faults.none)).toBeInTheDocument();
    expect(screen.getByText(T.signedInAs('admin'))).toBeVisible();
    expect(screen.queryByText(T.signIn.again)).not.toBeInTheDocument();
    // Concurrent 401s share one renewal.
    expect(server.calls('POST /api/2/tokens/refresh')).toHaveLength(1);
  });

  it('shows the sign-in again when the master token is refused too', async () => {
    const user = userEvent.setup();
    server.on('POST /api/2/tokens/refresh', {
      status: 401,
      body: { errorCode: 11, errorMessage: 'Session expired' },
    });
    server.on('GET /__mock/faults', {
      status: 401,
      body: { errorCode: 11, errorMessage: 'Session expired' },
    });
    start();
    await user.type(screen.getByLabelText(T.signIn.username), 'admin');
    await user.type(screen.getByLabelText(T.signIn.password), 'admin123{Enter}');
    expect(await screen.findByText(T.signIn.again)).toBeInTheDocument();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('ends the session on the server when signing out', async () => {
    server.on('DELETE /api/tokens', { status: 204 });
    const user = userEvent.setup();
    signedIn();
    start();
    await user.click(await screen.findByRole('button', { name: T.signOut }));
    expect(screen.getByLabelText(T.signIn.username)).toBeVisible();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    await waitFor(() => expect(server.calls('DELETE /api/tokens')).toHaveLength(1));
    const [ended] = server.calls('DELETE /api/tokens');
    expect(authorizationOf(ended!)).toBe(`Bearer ${TOKEN.token}`);
    expect(ended!.headers.get(MODULE_CODE_HEADER)).toBe(MODULE_CODE);
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

/** Rows of the calls table (without the header row), as their call ids. */
function shownIds(): string[] {
  return within(callsTable())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-id') ?? '');
}

describe('the /__mock page’s call list', () => {
  it('shows API calls with their kind, static files only with the toggle', async () => {
    signedIn();
    log.entries = [
      logged(3, { path: '/assets/main.js', static: true }),
      logged(2, { path: '/api/real', kind: 'real' }),
      logged(1),
    ];
    const user = userEvent.setup();
    start();
    await waitFor(() => expect(shownIds()).toEqual(['2', '1']));
    const row = within(callsTable()).getAllByRole('row')[1]!;
    const kindColumn = T.requests.columns.indexOf(P.calls.kind);
    expect(within(row).getAllByRole('cell')[kindColumn]).toHaveTextContent('real');

    await user.click(screen.getByLabelText(P.calls.showStatic));
    expect(shownIds()).toEqual(['3', '2', '1']);
    await user.click(screen.getByLabelText(P.calls.showStatic));
    expect(shownIds()).toEqual(['2', '1']);
  });

  it('filters by method, status, path text and kind, also the calls coming in', async () => {
    signedIn();
    log.entries = [
      logged(4, { method: 'PUT', path: '/api/myjournal/profiles/7', status: 500, kind: 'faulted' }),
      logged(3, { method: 'GET', path: '/api/programs', status: 200, kind: 'real' }),
      logged(2, { method: 'PUT', path: '/api/programs/2', status: 200, kind: 'mock' }),
      logged(1, { method: 'GET', path: '/api/MyJournal/profiles', status: 404, kind: 'replayed' }),
    ];
    const user = userEvent.setup();
    start();
    await waitFor(() => expect(shownIds()).toEqual(['4', '3', '2', '1']));

    await user.selectOptions(screen.getByLabelText(P.calls.filterMethod), 'PUT');
    expect(shownIds()).toEqual(['4', '2']);
    await user.selectOptions(screen.getByLabelText(P.calls.filterStatus), '5xx');
    expect(shownIds()).toEqual(['4']);
    await user.selectOptions(screen.getByLabelText(P.calls.filterMethod), P.calls.any);
    await user.selectOptions(screen.getByLabelText(P.calls.filterStatus), '4xx');
    expect(shownIds()).toEqual(['1']);
    await user.selectOptions(screen.getByLabelText(P.calls.filterStatus), P.calls.any);

    // Path text: any letter case.
    await user.type(screen.getByLabelText(P.calls.filterPath), 'myjournal');
    expect(shownIds()).toEqual(['4', '1']);
    await user.selectOptions(screen.getByLabelText(P.calls.filterKind), 'replayed');
    expect(shownIds()).toEqual(['1']);
    await user.selectOptions(screen.getByLabelText(P.calls.filterKind), 'faulted');
    expect(shownIds()).toEqual(['4']);

    // The live list: a new call that passes goes on top, one that does not stays out.
    log.entries = [
      logged(6, { method: 'POST', path: '/api/myjournal/profiles', kind: 'faulted', status: 500 }),
      logged(5, { method: 'POST', path: '/api/myjournal/profiles', kind: 'mock' }),
      ...log.entries,
    ];
    await waitFor(() => expect(shownIds()).toEqual(['6', '4']));

    await user.selectOptions(screen.getByLabelText(P.calls.filterKind), 'real');
    expect(shownIds()).toEqual([]);
    expect(screen.getByText(T.requests.noneShown)).toBeVisible();
  });
});

const DETAIL: LoggedCallDetail = {
  id: 7,
  method: 'PUT',
  path: '/api/myjournal/profiles/3?returnBody=true',
  status: 200,
  kind: 'real',
  request: {
    headers: {
      host: 'localhost:3000',
      'content-type': 'application/json',
      authorization: 'Bearer ***',
      'content-length': '27',
      'x-note': "it's",
    },
    body: '{"title":"It\'s a title","n":1}',
    truncated: false,
    bodyIs: 'sent',
  },
  response: {
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: '{"profileId":3,"title":"cut he',
    truncated: true,
    bodyIs: 'sent',
  },
};

describe('a call’s details', () => {
  async function openDetails(user: ReturnType<typeof userEvent.setup>, detail = DETAIL) {
    signedIn();
    log.entries = [logged(7, { method: detail.method, path: detail.path, kind: 'real' })];
    server.on('GET /__mock/requests/7', { body: detail });
    start();
    const button = await screen.findByRole('button', { name: P.calls.details(7) });
    await user.click(button);
    const dialog = screen.getByRole('dialog', {
      name: P.calls.detailsHeading(detail.method, detail.path),
    });
    await within(dialog).findByRole('heading', { name: P.calls.requestHeading });
    return { dialog, button };
  }

  it('shows both sides’ headers and bodies, JSON pretty-printed and the cut marked', async () => {
    const user = userEvent.setup();
    const { dialog, button } = await openDetails(user);
    expect(within(dialog).getByRole('button', { name: P.calls.close })).toHaveFocus();
    const request = within(dialog).getByRole('region', { name: P.calls.requestHeading });
    const response = within(dialog).getByRole('region', { name: P.calls.responseHeading });
    expect(within(request).getByText('Bearer ***')).toBeInTheDocument();
    expect(within(request).getByText('authorization')).toBeInTheDocument();
    // Pretty-printed JSON.
    expect(request.querySelector('pre')!.textContent).toBe(
      JSON.stringify({ title: "It's a title", n: 1 }, null, 2),
    );
    expect(within(request).queryByText(P.calls.truncated)).not.toBeInTheDocument();
    // Cut: not JSON any more, shown as it came, the cut marked.
    expect(within(response).getByText(DETAIL.response.body!)).toBeInTheDocument();
    expect(within(response).getByText(P.calls.truncated)).toBeInTheDocument();

    // Escape closes it, and the focus is back on the row's button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    // Close too.
    await user.click(button);
    await user.click(screen.getByRole('button', { name: P.calls.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('copies the call as a shell-quoted curl command, secrets still redacted', async () => {
    const user = userEvent.setup();
    const { dialog } = await openDetails(user);
    // user-event's own clipboard stands in for the browser's.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: P.calls.copyCurl }));
    expect(await within(dialog).findByText(P.calls.copied)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]![0]).toBe(
      [
        'curl -X PUT',
        `'${location.origin}/api/myjournal/profiles/3?returnBody=true'`,
        `-H 'content-type: application/json'`,
        `-H 'authorization: Bearer ***'`,
        `-H 'x-note: it'\\''s'`,
        `--data-raw '{"title":"It'\\''s a title","n":1}'`,
      ].join(' '),
    );
  });

  /** The command Copy as curl puts on the clipboard for `detail`. */
  async function copied(detail: LoggedCallDetail): Promise<string> {
    const user = userEvent.setup();
    const { dialog } = await openDetails(user, detail);
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(dialog).getByRole('button', { name: P.calls.copyCurl }));
    expect(await within(dialog).findByText(P.calls.copied)).toBeInTheDocument();
    return writeText.mock.calls[0]![0];
  }

  it('copies a body shown decoded without the Content-Encoding it was sent in', async () => {
    const zipped: LoggedCallDetail = {
      ...DETAIL,
      method: 'POST',
      path: '/api/x',
      request: {
        headers: { 'content-type': 'application/json', 'Content-Encoding': 'gzip' },
        body: '{"password":"***"}',
        truncated: false,
        bodyIs: 'decoded',
      },
    };
    expect(await copied(zipped)).toBe(
      `curl -X POST '${location.origin}/api/x' -H 'content-type: application/json' --data-raw '{"password":"***"}'`,
    );
  });

  it('leaves out a body the log only describes, a shell comment saying so', async () => {
    const notShown: LoggedCallDetail = {
      ...DETAIL,
      method: 'POST',
      path: '/api/x',
      request: {
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: '(application/json body, gzip, 28 bytes: not shown)',
        truncated: false,
        bodyIs: 'described',
      },
    };
    expect(await copied(notShown)).toBe(
      `curl -X POST '${location.origin}/api/x' -H 'content-type: application/json' -H 'content-encoding: gzip' # ${P.calls.curlBodyLeftOut}`,
    );
  });

  it('shows the server’s message when the call is no longer logged', async () => {
    signedIn();
    log.entries = [logged(9)];
    server.on('GET /__mock/requests/9', {
      status: 404,
      body: { errorCode: 3, errorMessage: 'No logged call 9' },
    });
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('button', { name: P.calls.details(9) }));
    expect(await within(screen.getByRole('dialog')).findByText('No logged call 9')).toBeVisible();
  });

  it('makes the call fail: the fault form filled in from the call, then added', async () => {
    server.on('POST /__mock/faults', (request) => {
      const fault: Fault = {
        ...(request.body as Fault),
        id: 'f9',
        applied: 0,
        source: 'api',
      };
      faults = { delayMs: 0, faults: [fault] };
      return { status: 201, body: { fault } };
    });
    const user = userEvent.setup();
    const { dialog, button } = await openDetails(user);
    await user.click(within(dialog).getByRole('button', { name: P.calls.makeFail }));
    const form = screen.getByRole('dialog', { name: P.faultForm.heading });
    expect(within(form).getByLabelText(T.faults.fields.method)).toHaveValue('PUT');
    expect(within(form).getByLabelText(T.faults.fields.path)).toHaveValue(
      '/api/myjournal/profiles/3',
    );
    expect(within(form).getByLabelText(T.faults.fields.status)).toHaveValue('500');
    expect(within(form).getByLabelText(T.faults.fields.method)).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: P.faultForm.add }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /__mock/faults')[0]!.body).toEqual({
      method: 'PUT',
      path: '/api/myjournal/profiles/3',
      status: 500,
    });
    expect(screen.getByRole('status')).toHaveTextContent(T.faults.added('f9'));
    expect(await screen.findByRole('table', { name: T.faults.heading })).toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('faults on the page', () => {
  it('adds a fault with every field the API takes, any errorCode, showing a refusal', async () => {
    server.on('POST /__mock/faults', (request) => {
      const body = request.body as Record<string, unknown>;
      if (body.times === 0) {
        return { status: 400, body: { errorCode: 2, errorMessage: 'times: Too small: >=1' } };
      }
      const fault = { ...(body as unknown as Fault), id: 'f2', applied: 0, source: 'api' as const };
      faults = { delayMs: 0, faults: [fault] };
      return { status: 201, body: { fault } };
    });
    signedIn();
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('button', { name: P.faultForm.add }));
    const form = screen.getByRole('dialog', { name: P.faultForm.heading });
    const F = T.faults.fields;
    await user.selectOptions(within(form).getByLabelText(F.method), 'POST');
    await user.type(within(form).getByLabelText(F.path), '/api/gift-card/*');
    await user.type(within(form).getByLabelText(F.status), '503');
    await user.type(within(form).getByLabelText(F.errorCode), '-4711');
    await user.type(within(form).getByLabelText(F.errorMessage), 'Not known here');
    await user.type(within(form).getByLabelText(F.delayMs), '250');
    await user.type(within(form).getByLabelText(F.times), '0');
    await user.type(within(form).getByLabelText(F.failAfterBytes), '1024');
    await user.click(within(form).getByRole('button', { name: P.faultForm.add }));

    // Refused: the server's message, the form still open with what was typed.
    // The form's alert is there, empty, from the start: the message is what shows.
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('times: Too small: >=1'),
    );
    expect(form).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(F.times));
    await user.type(within(form).getByLabelText(F.times), '2');
    await user.click(within(form).getByRole('button', { name: P.faultForm.add }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('POST /__mock/faults').map((request) => request.body)).toEqual([
      expect.objectContaining({ times: 0 }),
      {
        method: 'POST',
        path: '/api/gift-card/*',
        status: 503,
        errorCode: -4711,
        errorMessage: 'Not known here',
        delayMs: 250,
        times: 2,
        failAfterBytes: 1024,
      },
    ]);
    expect(await screen.findByRole('table', { name: T.faults.heading })).toBeInTheDocument();

    // The import faults' fields are there too.
    await user.click(screen.getByRole('button', { name: P.faultForm.add }));
    const again = screen.getByRole('dialog', { name: P.faultForm.heading });
    expect(within(again).getByLabelText(F.failAtLine)).toBeInTheDocument();
    expect(within(again).getByLabelText(F.stallAtLine)).toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: P.faultForm.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: P.faultForm.add })).toHaveFocus();
  });

  it('edits a fault in place (PUT), its form filled in from it', async () => {
    const stall: Fault = {
      id: 'f3',
      method: 'POST',
      path: '/api/gift-card/processGiftCards/:id',
      stallAtLine: 4,
      remaining: 1,
      applied: 0,
      source: 'api',
    };
    faults = { delayMs: 0, faults: [stall] };
    server.on('PUT /__mock/faults/f3', (request) => {
      const fault = { ...stall, ...(request.body as Partial<Fault>) };
      faults = { delayMs: 0, faults: [fault] };
      return { body: { fault } };
    });
    signedIn();
    const user = userEvent.setup();
    start();
    const edit = await screen.findByRole('button', { name: P.faultForm.editLabel('f3') });
    await user.click(edit);
    const form = screen.getByRole('dialog', { name: P.faultForm.editLabel('f3') });
    const F = T.faults.fields;
    expect(within(form).getByLabelText(F.method)).toHaveValue('POST');
    expect(within(form).getByLabelText(F.path)).toHaveValue(stall.path);
    expect(within(form).getByLabelText(F.stallAtLine)).toHaveValue('4');
    expect(within(form).getByLabelText(F.times)).toHaveValue('1');
    await user.clear(within(form).getByLabelText(F.stallAtLine));
    await user.type(within(form).getByLabelText(F.stallAtLine), '9');
    await user.click(within(form).getByRole('button', { name: P.faultForm.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('PUT /__mock/faults/f3').map((request) => request.body)).toEqual([
      { method: 'POST', path: stall.path, stallAtLine: 9, times: 1 },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(T.faults.saved('f3'));
    expect(await screen.findByText('stalls at line 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: P.faultForm.editLabel('f3') })).toHaveFocus();
  });
  it('leaves times empty in the form of a spent stall fault (remaining 0)', async () => {
    faults = {
      delayMs: 0,
      faults: [
        {
          id: 'f5',
          method: 'POST',
          path: '/api/x/:id',
          stallAtLine: 2,
          remaining: 0,
          applied: 1,
          source: 'api',
        },
      ],
    };
    signedIn();
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('button', { name: P.faultForm.editLabel('f5') }));
    const form = screen.getByRole('dialog', { name: P.faultForm.editLabel('f5') });
    expect(within(form).getByLabelText(T.faults.fields.times)).toHaveValue('');
    expect(within(form).getByLabelText(T.faults.fields.stallAtLine)).toHaveValue('2');
  });

  it('keeps a method the form does not list (PROPFIND) when editing', async () => {
    const fault: Fault = {
      id: 'f4',
      method: 'PROPFIND',
      path: '/dav/*',
      status: 507,
      applied: 0,
      source: 'file',
    };
    faults = { delayMs: 0, faults: [fault] };
    server.on('PUT /__mock/faults/f4', () => ({ body: { fault } }));
    signedIn();
    const user = userEvent.setup();
    start();
    await user.click(await screen.findByRole('button', { name: P.faultForm.editLabel('f4') }));
    const form = screen.getByRole('dialog', { name: P.faultForm.editLabel('f4') });
    expect(within(form).getByLabelText(T.faults.fields.method)).toHaveValue('PROPFIND');
    await user.click(within(form).getByRole('button', { name: P.faultForm.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('PUT /__mock/faults/f4')[0]!.body).toEqual({
      method: 'PROPFIND',
      path: '/dav/*',
      status: 507,
    });
  });
});

describe('forwarding rules on the page', () => {
  it('shows the real backend and the token mode, and adds, edits and deletes rules', async () => {
    routes = {
      target: 'http://backend.test:8080',
      tokens: 'forwarded',
      routes: [{ id: 'r1', method: 'GET', path: '/api/programs', to: 'real', source: 'file' }],
    };
    let next = 2;
    server.on('POST /__mock/routes', (request) => {
      const body = request.body as { method: string; path: string; to: 'mock' | 'real' };
      if (!body.path.startsWith('/')) {
        return { status: 400, body: { errorCode: 2, errorMessage: 'path: Must start with /' } };
      }
      const route = { ...body, id: `r${next++}`, source: 'api' as const };
      routes = { ...routes, routes: [...routes.routes, route] };
      return { status: 201, body: { route } };
    });
    server.on('PUT /__mock/routes/r1', (request) => {
      const route = { ...routes.routes[0]!, ...(request.body as object) };
      routes = { ...routes, routes: [route, ...routes.routes.slice(1)] };
      return { body: { route } };
    });
    server.on('DELETE /__mock/routes/r1', () => {
      routes = { ...routes, routes: routes.routes.slice(1) };
      return { status: 204 };
    });
    signedIn();
    const user = userEvent.setup();
    start();
    expect(await screen.findByText(P.routes.target('http://backend.test:8080'))).toBeVisible();
    expect(screen.getByText(T.routes.tokens('forwarded'))).toBeVisible();
    const table = screen.getByRole('table', { name: P.routes.heading });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([...P.routes.columns]);
    expect(
      within(within(table).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['GET', '/api/programs', 'real', 'file']);

    // Add: refused first (the server's message), then added.
    await user.click(screen.getByRole('button', { name: P.routes.add }));
    let form = screen.getByRole('dialog', { name: P.routes.add });
    await user.selectOptions(within(form).getByLabelText(P.routes.method), 'PUT');
    await user.type(within(form).getByLabelText(P.routes.path), 'api/myjournal/profiles/:id');
    await user.selectOptions(within(form).getByLabelText(P.routes.to), 'mock');
    await user.click(within(form).getByRole('button', { name: P.routes.add }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('path: Must start with /'),
    );
    await user.clear(within(form).getByLabelText(P.routes.path));
    await user.type(within(form).getByLabelText(P.routes.path), '/api/myjournal/profiles/:id');
    await user.click(within(form).getByRole('button', { name: P.routes.add }));
    expect(await screen.findByText('/api/myjournal/profiles/:id')).toBeInTheDocument();
    expect(server.calls('POST /__mock/routes')[1]!.body).toEqual({
      method: 'PUT',
      path: '/api/myjournal/profiles/:id',
      to: 'mock',
    });
    expect(screen.getByRole('status')).toHaveTextContent(T.routes.added('r2'));

    // Edit: filled in from the rule.
    await user.click(screen.getByRole('button', { name: P.routes.editLabel('r1') }));
    form = screen.getByRole('dialog', { name: P.routes.editLabel('r1') });
    expect(within(form).getByLabelText(P.routes.to)).toHaveValue('real');
    await user.selectOptions(within(form).getByLabelText(P.routes.method), '*');
    await user.click(within(form).getByRole('button', { name: P.routes.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('PUT /__mock/routes/r1')[0]!.body).toEqual({
      method: '*',
      path: '/api/programs',
      to: 'real',
    });
    const edited = await screen.findByRole('row', { name: /^\* \/api\/programs real file/ });
    expect(edited).toBeInTheDocument();

    // Delete.
    await user.click(screen.getByRole('button', { name: P.routes.deleteLabel('r1') }));
    expect(await screen.findByText(T.routes.deleted('r1'))).toBeInTheDocument();
    expect(server.calls('DELETE /__mock/routes/r1')).toHaveLength(1);
    // Said first, then the rules are read again.
    await waitFor(() => expect(screen.queryByText('/api/programs')).not.toBeInTheDocument());
  });

  it('says when no real backend is set and there is no rule', async () => {
    signedIn();
    start();
    expect(await screen.findByText(P.routes.target(null))).toBeVisible();
    expect(screen.getByText(P.routes.none)).toBeVisible();
  });
});

describe('recordings on the page', () => {
  it('starts a recording, shows it running with Stop, and lists it saved after', async () => {
    server.on('POST /__mock/recordings', (request) => {
      const body = request.body as { name: string; routes: { method?: string; path: string }[] };
      recordings = {
        recordings: [
          {
            name: body.name,
            running: true,
            calls: 2,
            routes: body.routes.map((route) => ({ method: route.method ?? '*', ...route })),
          },
        ],
      };
      return { status: 201, body: recordings.recordings[0] };
    });
    server.on('POST /__mock/recordings/journal-real/stop', () => {
      recordings = {
        recordings: [{ ...recordings.recordings[0]!, running: false, calls: 3, leftOut: 1 }],
      };
      scenarios = {
        ...SCENARIOS,
        scenarios: [
          ...SCENARIOS.scenarios,
          { name: 'journal-real', description: 'Recorded.', recorded: true },
        ],
      };
      return { body: { name: 'journal-real', calls: 3, leftOut: 1 } };
    });
    signedIn();
    const user = userEvent.setup();
    start();
    expect(await screen.findByText(T.recordings.none)).toBeVisible();
    await user.type(screen.getByLabelText(P.recordings.name), 'journal-real');
    await user.type(
      screen.getByLabelText(P.recordings.routes),
      'get /api/myjournal/profiles{Enter}{Enter}PUT  /api/myjournal/profiles/:id{Enter}/api/programs',
    );
    await user.click(screen.getByRole('button', { name: P.recordings.start }));
    expect(await screen.findByText(P.recordings.running('journal-real', 2))).toBeVisible();
    expect(server.calls('POST /__mock/recordings')[0]!.body).toEqual({
      name: 'journal-real',
      routes: [
        { method: 'GET', path: '/api/myjournal/profiles' },
        { method: 'PUT', path: '/api/myjournal/profiles/:id' },
        { path: '/api/programs' },
      ],
    });
    expect(screen.getByLabelText(P.recordings.name)).toHaveValue('');

    await user.click(screen.getByRole('button', { name: P.recordings.stopLabel('journal-real') }));
    expect(await screen.findByText(P.recordings.saved('journal-real', 3, 1))).toBeInTheDocument();
    // Said first, then the recordings are read again.
    const saved = await screen.findByRole('list', { name: T.recordings.savedHeading });
    // What it left out is still said once it is saved.
    expect(within(saved).getByText('journal-real: 3 calls, 1 left out')).toBeVisible();
    expect(
      screen.queryByRole('button', { name: P.recordings.stopLabel('journal-real') }),
    ).toBeNull();
    // The scenario list marks the recording.
    const select = screen.getByLabelText(T.scenario.select);
    expect(
      await within(select).findByRole('option', {
        name: `journal-real (${P.recordings.recorded})`,
      }),
    ).toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'demo' })).toBeInTheDocument();
  });

  it('lists a saved file the server cannot use with its reason, and what a recording left out', async () => {
    const problem =
      'The recording file /data/recordings/hand-made.json cannot be used: calls: Required';
    recordings = {
      recordings: [
        { name: 'big', running: true, calls: 2, leftOut: 1, routes: [{ method: '*', path: '/*' }] },
        { name: 'hand-made', running: false, calls: 0, routes: [], problem },
      ],
    };
    signedIn();
    start();
    expect(await screen.findByText(P.recordings.running('big', 2, 1))).toBeVisible();
    const saved = screen.getByRole('list', { name: T.recordings.savedHeading });
    expect(within(saved).getByText(T.recordings.unusableItem('hand-made', problem))).toBeVisible();
  });

  it('shows the server’s message when a recording cannot start', async () => {
    server.on('POST /__mock/recordings', {
      status: 409,
      body: { errorCode: 2, errorMessage: 'A recording or scenario named demo exists already' },
    });
    signedIn();
    const user = userEvent.setup();
    start();
    await user.type(await screen.findByLabelText(P.recordings.name), 'demo');
    await user.type(screen.getByLabelText(P.recordings.routes), 'GET /api/programs');
    await user.click(screen.getByRole('button', { name: P.recordings.start }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'A recording or scenario named demo exists already',
      ),
    );
    expect(screen.getByLabelText(P.recordings.name)).toHaveValue('demo');
  });
});
