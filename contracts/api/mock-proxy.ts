/**
 * The mock server beside a real backend (docs/developer-tools.md): forwarding chosen routes to
 * it, recording its answers into a scenario and replaying them. Only where the developer tools
 * are (MOCK_CONTROL); forwarding is off with NODE_ENV=production. Never part of the pacts.
 * No zod here: the page's bundle imports these shapes and texts and stays small (the server
 * keeps the schemas).
 */
import { MOCK_MOUNT } from './mock';

export const MOCK_PROXY_PATHS = {
  /** GET: `{ target, tokens, routes }` (RouteList). POST RouteRuleInput: 201 `{ route }`. */
  routes: `${MOCK_MOUNT}/routes`,
  /** PUT RouteRuleInput: replaces a rule (200 `{ route }`); DELETE: 204, or 404. */
  route: `${MOCK_MOUNT}/routes/:id`,
  /** GET: the recordings, running and saved (RecordingList). POST RecordingInput: 201. */
  recordings: `${MOCK_MOUNT}/recordings`,
  /** POST: ends a running recording and saves it as a scenario: 200 RecordingStopped. */
  stopRecording: `${MOCK_MOUNT}/recordings/:name/stop`,
  /** GET: one logged call with its headers and bodies (LoggedCallDetail), or 404. */
  request: `${MOCK_MOUNT}/requests/:id`,
  /** PUT FaultInput: edits a fault in place (keeps its id and applied count): 200 `{ fault }`. */
  fault: `${MOCK_MOUNT}/faults/:id`,
} as const;

/**
 * The header of a mock's 508 loop refusal, naming the instance that refused: the mock that sent
 * the call (the same instance, or another forwarding to it) passes the answer on as its own
 * (logged `mock`, never recorded), not as the real backend's.
 */
export const MOCK_LOOP_HEADER = 'Portal-Mock-Loop';

/** Where a call is served: by the mock's own routes, or forwarded to the target. */
export const ROUTE_TARGETS = ['mock', 'real'] as const;
export type RouteTarget = (typeof ROUTE_TARGETS)[number];

/**
 * A forwarding rule: a method (`*` for any) and a path in the faults' form (exact, `:name`
 * segments, or ending in `*`; any case), sent `to` the mock or the real backend. The first rule
 * matching a call decides; a call no rule matches goes to the mock's own routes, and to the
 * target when no local route serves it.
 */
export interface RouteRuleInput {
  method?: string;
  path: string;
  to: RouteTarget;
}

export interface RouteRule {
  id: string;
  method: string;
  path: string;
  to: RouteTarget;
  /** Where it came from: the control API, or the MOCK_PROXY_ROUTES file. */
  source: 'api' | 'file';
}

/**
 * What the mock does with a token the real backend signed, with a target set and the sign-in
 * routed `real`: `checked` against MOCK_PROXY_TOKEN_SECRET and then taken by its own routes, or,
 * without the secret, `forwarded`: never taken, the call goes to the real backend instead
 * (printed at start; docs/developer-tools.md).
 */
export type ProxyTokenMode = 'checked' | 'forwarded';

/** GET /__mock/routes. */
export interface RouteList {
  /** MOCK_PROXY_TARGET, or null when none is set (every rule then serves from the mock). */
  target: string | null;
  /** Null without a target. */
  tokens: ProxyTokenMode | null;
  routes: RouteRule[];
}

/** POST /__mock/recordings: the scenario name to save under, and the routes to record. */
export interface RecordingInput {
  name: string;
  routes: { method?: string; path: string }[];
}

export interface RecordingInfo {
  name: string;
  /** True while it records. */
  running: boolean;
  /** Calls kept so far (running) or saved. */
  calls: number;
  /**
   * Calls it matched but did not keep, running or saved (only when some were): an answer too
   * large, one whose secrets could not be redacted, one still being answered at the stop
   * (docs/developer-tools.md).
   */
  leftOut?: number;
  routes: { method: string; path: string }[];
  /**
   * Why a saved file cannot be used (unreadable, not JSON, not a recording), naming the file:
   * listed with no calls and no routes, and switching to it is refused.
   */
  problem?: string;
}

/** GET /__mock/recordings. */
export interface RecordingList {
  recordings: RecordingInfo[];
}

/** POST /__mock/recordings/{name}/stop. */
export interface RecordingStopped {
  name: string;
  calls: number;
  /**
   * Calls it matched but did not keep (only when some were; see RecordingInfo), those the target
   * was still answering when the stop came included.
   */
  leftOut?: number;
}

/** Recording and scenario names: what a file name under the data folder may be. */
export const RECORDING_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** A logged call's kind (the log's `kind` filter). */
export const CALL_KINDS = ['mock', 'real', 'replayed', 'faulted'] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** The most of a header set or a body a logged call keeps (bytes); the cut is marked. */
export const CALL_DETAIL_MAX_BYTES = 64 * 1024;

/** One side of a logged call: its headers and body, secrets redacted. */
export interface LoggedMessage {
  headers: Record<string, string>;
  /** The body as text (UTF-8; a binary body is described, not kept), or null for none. */
  body: string | null;
  /** True when the body (or the headers) went over CALL_DETAIL_MAX_BYTES and was cut. */
  truncated: boolean;
  /**
   * What `body` is: the body as it came (`sent`; also with no body), the body with its
   * Content-Encoding undone (`decoded`: the headers still name the coding it was sent in), or a
   * description of a body the log does not show (`described`).
   */
  bodyIs: BodyIs;
}

export type BodyIs = 'sent' | 'decoded' | 'described';

/** GET /__mock/requests/{id}: a logged call with both sides. */
export interface LoggedCallDetail {
  id: number;
  method: string;
  path: string;
  status: number;
  kind: CallKind;
  request: LoggedMessage;
  response: LoggedMessage;
}

/** The start options and texts of forwarding (docs; the page's texts are MOCK_PROXY_TEXT). */
export const MOCK_PROXY_MESSAGE = {
  /** 502: the target did not answer (refused, reset, unknown host). */
  unreachable: (target: string) => `The real backend at ${target} did not answer`,
  /** 504: the target answered later than MOCK_PROXY_TIMEOUT_MS. */
  timedOut: (target: string, ms: number) =>
    `The real backend at ${target} did not answer within ${ms} ms`,
  /**
   * 508: a forwarded call came back to the mock (its own name in `Via`): the target is the mock
   * itself, or forwards to it.
   */
  loop: (target: string) =>
    `The real backend at ${target} forwards this call back to this mock (a loop): set MOCK_PROXY_TARGET to another server`,
  /**
   * 400: a call whose path could take it off the target's base path (a `.` or `..` segment, also
   * %-encoded; `*`, or an absolute URL naming another host than the mock, in the request line)
   * is never forwarded.
   */
  pathNotForwarded:
    'path: A call forwarded to the real backend must be a path starting with / without . or .. segments',
  routeNotFound: (id: string) => `No forwarding rule ${id}`,
  /** 400: a forwarding rule's path naming only the developer tools' calls, which stay the mock's. */
  toolsNotForwarded: 'Calls under /__mock are never forwarded',
  /** 400: a recording's route naming only the developer tools' calls, which are never forwarded. */
  toolsNotRecorded: 'Calls under /__mock are never recorded',
  recordingNotFound: (name: string) => `No running recording ${name}`,
  recordingExists: (name: string) => `A recording or scenario named ${name} exists already`,
  /** 409 at a stop: a file took the recording's name meanwhile; it is never overwritten. */
  recordingFileTaken: (name: string, file: string) =>
    `${file} exists already: move it away and stop ${name} again (the recording goes on meanwhile)`,
  /** 500 at a stop: the file system refused the save; the recording goes on. */
  recordingNotSaved: (name: string, reason: string) =>
    `The recording ${name} could not be saved (${reason}): it goes on, stop it again`,
  /** A saved recording's file that is unreadable, not JSON, or not a recording: never used. */
  recordingUnusable: (file: string, problem: string) =>
    `The recording file ${file} cannot be used: ${problem}`,
  noTarget: 'No real backend is set (MOCK_PROXY_TARGET)',
  /**
   * Logged at start when MOCK_PROXY_ROUTES sends the sign-in to the target without
   * MOCK_PROXY_TOKEN_SECRET: no new token of the mock's own can be had for /__mock.
   */
  toolsLockedOut:
    "MOCK_PROXY_ROUTES sends the sign-in to the real backend and MOCK_PROXY_TOKEN_SECRET is not set: /__mock takes the mock's own tokens only, and none can be signed in for now (one from an earlier run still works). Set the secret, or leave the sign-in out of the file and route it real from /__mock once signed in there",
} as const;

/** The page's texts for forwarding, recordings and call details (not in the spec). */
export const MOCK_PROXY_TEXT = {
  routes: {
    heading: 'Forwarding',
    target: (target: string | null) =>
      target === null ? 'No real backend is set (MOCK_PROXY_TARGET).' : `Real backend: ${target}`,
    columns: ['Method', 'Path', 'Served by', 'Source', 'Actions'],
    none: 'No forwarding rules: every call is served by the mock.',
    method: 'Method',
    path: 'Path',
    to: 'Served by',
    add: 'Add rule',
    save: 'Save rule',
    edit: 'Edit',
    delete: 'Delete',
    editLabel: (id: string) => `Edit rule ${id}`,
    deleteLabel: (id: string) => `Delete rule ${id}`,
  },
  calls: {
    showStatic: 'Show static files',
    filterMethod: 'Method',
    filterStatus: 'Status',
    filterPath: 'Path contains',
    filterKind: 'Kind',
    any: 'Any',
    kind: 'Kind',
    details: (id: number) => `Details of call ${id}`,
    detailsHeading: (method: string, path: string) => `${method} ${path}`,
    requestHeading: 'Request',
    responseHeading: 'Response',
    headers: 'Headers',
    body: 'Body',
    noBody: 'No body.',
    truncated: 'Cut at 64 KB.',
    copyCurl: 'Copy as curl',
    /** A shell comment ending a copied command whose request body the log does not show. */
    curlBodyLeftOut: 'the request body is left out: the log does not show it',
    copied: 'Copied.',
    makeFail: 'Make this call fail',
    close: 'Close',
  },
  faultForm: {
    heading: 'Fault',
    add: 'Add fault',
    save: 'Save fault',
    edit: 'Edit',
    editLabel: (id: string) => `Edit fault ${id}`,
    cancel: 'Cancel',
  },
  recordings: {
    heading: 'Recordings',
    name: 'Scenario name',
    routes: 'Routes to record (one per line: METHOD /path)',
    start: 'Start recording',
    stop: 'Stop',
    stopLabel: (name: string) => `Stop recording ${name}`,
    running: (name: string, calls: number, leftOut = 0) =>
      `Recording ${name}: ${calls} calls kept${leftOut > 0 ? `, ${leftOut} left out` : ''}`,
    saved: (name: string, calls: number, leftOut = 0) =>
      `Saved ${name} with ${calls} calls${leftOut > 0 ? ` (${leftOut} left out)` : ''}.`,
    recorded: 'recorded',
  },
} as const;
