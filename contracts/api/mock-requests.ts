/**
 * The request log of the developer tools (docs/developer-tools.md):
 * `GET /__mock/requests` and what the page at `/__mock` shows. The server's implementation is
 * server/dev/mock/request-log.ts (with the query's schema); the page is client/src/mock-page.
 * No zod here: the page's bundle imports these texts and stays small.
 */
import { MOCK_PROXY_TEXT, type CallKind, type ProxyTokenMode } from './mock-proxy';

export const REQUEST_LOG = {
  /** The log keeps the last this many calls (older ones drop out). */
  capacity: 500,
  /** Entries in one answer without `limit`. */
  defaultLimit: 100,
} as const;

/** Stands for a secret query value (`?token=***`) or a token anywhere in the path. */
export const REDACTED = '***';

/**
 * One finished call, as logged. Its headers and bodies are kept beside it, redacted and capped
 * (LoggedCallDetail, GET /__mock/requests/{id}).
 */
export interface LoggedRequest {
  /** The request's id in the server's own log lines (`req.id`). */
  id: number;
  /** When it started, ISO 8601. */
  time: string;
  method: string;
  /** Path and query as sent, with secret query values and tokens shown as `***`. */
  path: string;
  status: number;
  durationMs: number;
  /** The answer was sent whole (false: the connection closed first). */
  completed: boolean;
  /** The fault or delay the developer tools applied (`500 by fault 3`), when one was. */
  fault?: string;
  /**
   * Who answered (contracts/api/mock-proxy.ts): the mock's routes, the real backend, a recorded
   * answer, or a fault (a status answered by the tools; a delay alone keeps the call's kind).
   */
  kind: CallKind;
  /** A file of the client or a site (not an API call): listed behind the page's toggle. */
  static: boolean;
}

/** GET /__mock/requests: newest first. */
export interface RequestLogPage {
  requests: LoggedRequest[];
  /** How many calls the log keeps. */
  capacity: number;
  /**
   * The log's id, new in each server process: ids start over after a restart, and a client that
   * sees another logId drops what it showed of the old log.
   */
  logId: string;
}

/** The texts of the page at `/__mock` (a developer's tool: not in the spec). */
export const MOCK_PAGE_TEXT = {
  title: 'Mock server',
  noScript: 'This page needs JavaScript.',
  notBuilt:
    'The /__mock page is not built here: under `npm run dev` open it on the dev client (http://localhost:8080/__mock, DEV_CLIENT_PORT); otherwise run `npm run build` (or `npm start`, which builds the client), then reload.',
  signIn: {
    heading: 'Sign in',
    hint: 'Sign in as a portal user to watch and control the mock server.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    again: 'Your session has ended: sign in again.',
    unreachable: 'The server could not be reached.',
  },
  signOut: 'Sign out',
  signedInAs: (userName: string) => `Signed in as ${userName}`,
  requests: {
    heading: 'Calls',
    caption: (capacity: number) => `The latest calls, newest first (the log keeps ${capacity}).`,
    columns: [
      'Time',
      'Method',
      'Path',
      'Status',
      'Duration',
      MOCK_PROXY_TEXT.calls.kind,
      'Fault',
      'Details',
    ],
    none: 'No calls yet.',
    noneShown: 'No call matches the filters.',
    /** A row's button (its accessible name: MOCK_PROXY_TEXT.calls.details(id)). */
    details: 'Details',
    loading: 'Loading the call…',
    status: (status: number) => `Status ${status}`,
    copyFailed: 'The clipboard is not available: copy the command below.',
    aborted: 'aborted',
    failed: (count: number, last: string) =>
      count === 1 ? `A call failed: ${last}` : `${count} calls failed, the last: ${last}`,
  },
  faults: {
    heading: 'Active faults',
    delay: (ms: number) =>
      ms > 0
        ? `Every call to the server’s routes waits ${ms} ms (MOCK_DELAY_MS).`
        : 'No delay is added to the calls (MOCK_DELAY_MS is 0).',
    none: 'No active faults.',
    columns: ['Method', 'Path', 'Effect', 'Remaining', 'Applied', 'Source', 'Actions'],
    untilDeleted: 'until deleted',
    delete: 'Delete',
    deleteLabel: (id: string) => `Delete fault ${id}`,
    deleted: (id: string) => `Fault ${id} deleted.`,
    added: (id: string) => `Fault ${id} added.`,
    saved: (id: string) => `Fault ${id} saved.`,
    /** The fault form's fields, named as the API names them. */
    fields: {
      method: 'Method (* for any)',
      path: 'Path (exact, :name segments, or ending in *)',
      status: 'Status (400-599)',
      errorCode: 'errorCode (any integer)',
      errorMessage: 'errorMessage',
      delayMs: 'Delay (ms)',
      times: 'Times (empty: until deleted)',
      failAtLine: 'Fail at line (imports)',
      stallAtLine: 'Stall at line (imports)',
      failAfterBytes: 'Fail after bytes (uploads)',
    },
  },
  routes: {
    tokens: (mode: ProxyTokenMode) =>
      mode === 'checked'
        ? 'Tokens of the real backend are checked against MOCK_PROXY_TOKEN_SECRET.'
        : 'Without MOCK_PROXY_TOKEN_SECRET the mock takes no token of the real backend: calls with one go to the real backend.',
    added: (id: string) => `Rule ${id} added.`,
    saved: (id: string) => `Rule ${id} saved.`,
    deleted: (id: string) => `Rule ${id} deleted.`,
    anyMethod: '* (any)',
  },
  recordings: {
    none: 'No recordings.',
    savedHeading: 'Saved recordings',
    savedItem: (name: string, calls: number, leftOut = 0) =>
      `${name}: ${calls} calls${leftOut > 0 ? `, ${leftOut} left out` : ''}`,
    /** A saved file that cannot be used (RecordingInfo.problem names it and says why). */
    unusableItem: (name: string, problem: string) => `${name}: ${problem}`,
    started: (name: string) => `Recording ${name} started.`,
  },
  scenario: {
    heading: 'Scenario',
    current: (name: string) => `Current scenario: ${name}`,
    select: 'Scenario to switch to',
    switch: 'Switch',
    reset: 'Reset',
    confirmSwitch: (name: string) =>
      `Replace the data with the scenario “${name}”? Every change made since it was set up is lost.`,
    confirmReset: (name: string) =>
      `Reset the data to the scenario “${name}”? Every change made since it was set up is lost.`,
    confirm: 'Replace the data',
    cancel: 'Cancel',
    switching: (name: string) => `Switching to the scenario ${name}…`,
    resetting: (name: string) => `Resetting the data to the scenario ${name}…`,
    switched: (name: string) => `Switched to the scenario ${name}.`,
    wasReset: (name: string) => `The data was reset to the scenario ${name}.`,
  },
  unavailable: (what: string, message: string) => `${what}: ${message}`,
  unreachable: 'The mock server could not be reached; trying again.',
} as const;
