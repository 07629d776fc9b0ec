/**
 * The page at /__mock (docs/developer-tools.md): signs in when it holds no
 * token, then shows the calls live (polling `GET /__mock/requests?after=` about once a second),
 * filtered, each with its details in a dialog; the active faults and the delay, added, edited
 * and deleted in a form; the forwarding rules the same way; the recordings; and the scenario
 * with Switch and Reset, each confirmed in a <dialog> first; once the data is replaced, the
 * portal's open tabs of the same origin are told on MOCK_DATA_CHANNEL (they read their data
 * again). Plain DOM, no framework (a small bundle).
 *
 * Accessibility: every control has a label, the calls are a table with column headers, action
 * results go to a status region, and new failures are announced in a live region at most once
 * every ANNOUNCE_EVERY_MS (the count since the last announcement and the latest failure).
 */
import type { Fault } from '@contracts/api/mock-faults';
import { MOCK_PROXY_TEXT, type RouteRule } from '@contracts/api/mock-proxy';
import { MOCK_PAGE_TEXT, type LoggedRequest } from '@contracts/api/mock-requests';
import { h, replaceChildren } from '@/sites/shared/dom';
import {
  MOCK_DATA_CHANNEL,
  type DataReplacedMessage,
  type ScenarioList,
} from '@contracts/api/mock-scenarios';
import { createCallList } from './calls';
import { openCallDetails, pathOnly } from './details';
import { openFormDialog, type FormValues } from './dialogs';
import { FAULT_FIELDS, faultInput, faultValues } from './fault-form';
import { MockApi, type Answer } from './mock-api';
import {
  recordingRoutes,
  renderRecordings,
  renderRoutes,
  ROUTE_FIELDS,
  routeInput,
  routeValues,
} from './proxy';
import { callLine, failed, renderFaults, renderScenarios } from './render';

const T = MOCK_PAGE_TEXT;
const P = MOCK_PROXY_TEXT;

/** The status of a fault made from a logged call ("Make this call fail"). */
export const FAIL_STATUS = 500;

export const POLL_MS = 1000;
/** The faults are read with every poll; the scenario every this many polls (and after actions). */
const SCENARIO_EVERY = 5;
/** New failures are announced at most this often. */
export const ANNOUNCE_EVERY_MS = 5000;

/** Tells the portal's open tabs of this origin that the data now holds `scenario`. */
function announceReplacedData(scenario: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(MOCK_DATA_CHANNEL);
  const message: DataReplacedMessage = { type: 'data-replaced', scenario };
  channel.postMessage(message);
  channel.close();
}

export interface MockPageOptions {
  api?: MockApi;
  pollMs?: number;
  /** The clock of the announcements (tests). */
  now?: () => number;
}

export interface MockPage {
  /** Stops polling (the page going away; tests). */
  stop(): void;
}

export function startMockPage(root: HTMLElement, options: MockPageOptions = {}): MockPage {
  const api = options.api ?? new MockApi();
  const pollMs = options.pollMs ?? POLL_MS;
  const now = options.now ?? Date.now;

  // --- The frame ------------------------------------------------------------------------------
  const status = h('p', { class: 'status', role: 'status' });
  const announcer = h('p', { class: 'visually-hidden', 'aria-live': 'polite' });

  const username = h('input', {
    id: 'mock-username',
    name: 'username',
    autocomplete: 'username',
    required: true,
  });
  const password = h('input', {
    id: 'mock-password',
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
  });
  const signInError = h('p', { class: 'error', role: 'alert' });
  const signInButton = h('button', { type: 'submit' }, T.signIn.submit);
  const signInForm = h(
    'form',
    { 'aria-labelledby': 'mock-sign-in-heading' },
    h('h2', { id: 'mock-sign-in-heading' }, T.signIn.heading),
    h('p', {}, T.signIn.hint),
    h('p', {}, h('label', { for: username.id }, T.signIn.username), username),
    h('p', {}, h('label', { for: password.id }, T.signIn.password), password),
    signInError,
    h('p', {}, signInButton),
  );

  const who = h('span');
  const signOutButton = h('button', { type: 'button' }, T.signOut);

  const scenarioCurrent = h('p');
  const scenarioSelect = h('select', { id: 'mock-scenario' });
  const switchButton = h('button', { type: 'button' }, T.scenario.switch);
  const resetButton = h('button', { type: 'button' }, T.scenario.reset);
  const scenarioSection = h(
    'section',
    { 'aria-labelledby': 'mock-scenario-heading' },
    h('h2', { id: 'mock-scenario-heading' }, T.scenario.heading),
    scenarioCurrent,
    h(
      'p',
      { class: 'controls' },
      h('label', { for: scenarioSelect.id }, T.scenario.select),
      scenarioSelect,
      switchButton,
      resetButton,
    ),
  );

  const faultsContent = h('div');
  const addFaultButton = h('button', { type: 'button' }, P.faultForm.add);
  const faultsHeading = h('h2', { id: 'mock-faults-heading', tabindex: '-1' }, T.faults.heading);
  const faultsSection = h(
    'section',
    { 'aria-labelledby': faultsHeading.id },
    faultsHeading,
    faultsContent,
    h('p', {}, addFaultButton),
  );

  const routesContent = h('div');
  const routesError = h('p', { class: 'error' });
  const addRouteButton = h('button', { type: 'button' }, P.routes.add);
  const routesHeading = h('h2', { id: 'mock-routes-heading', tabindex: '-1' }, P.routes.heading);
  const routesSection = h(
    'section',
    { 'aria-labelledby': routesHeading.id },
    routesHeading,
    routesError,
    routesContent,
    h('p', {}, addRouteButton),
  );

  const recordingName = h('input', { id: 'mock-recording-name', autocomplete: 'off' });
  const recordingRoutesInput = h('textarea', { id: 'mock-recording-routes', rows: '3' });
  const recordingError = h('p', { class: 'error', role: 'alert' });
  const startRecordingButton = h('button', { type: 'submit' }, P.recordings.start);
  const recordingsContent = h('div');
  const recordingsLoadError = h('p', { class: 'error' });
  const recordingsHeading = h(
    'h2',
    { id: 'mock-recordings-heading', tabindex: '-1' },
    P.recordings.heading,
  );
  const recordingForm = h(
    'form',
    { class: 'fields' },
    h('p', {}, h('label', { for: recordingName.id }, P.recordings.name), recordingName),
    h(
      'p',
      {},
      h('label', { for: recordingRoutesInput.id }, P.recordings.routes),
      recordingRoutesInput,
    ),
    recordingError,
    h('p', {}, startRecordingButton),
  );
  const recordingsSection = h(
    'section',
    { 'aria-labelledby': recordingsHeading.id },
    recordingsHeading,
    recordingsLoadError,
    recordingsContent,
    recordingForm,
  );

  const calls = createCallList((entry) => showDetails(entry));

  const dashboard = h(
    'div',
    {},
    h('p', { class: 'who' }, who, ' ', signOutButton),
    scenarioSection,
    faultsSection,
    routesSection,
    recordingsSection,
    calls.section,
  );

  const dialogMessage = h('p', { id: 'mock-dialog-message' });
  const dialogCancel = h('button', { type: 'button', value: 'cancel' }, T.scenario.cancel);
  const dialogConfirm = h('button', { type: 'button', value: 'confirm' }, T.scenario.confirm);
  const dialog = h(
    'dialog',
    { 'aria-labelledby': 'mock-dialog-heading', 'aria-describedby': dialogMessage.id },
    h('h2', { id: 'mock-dialog-heading' }, T.scenario.heading),
    dialogMessage,
    h('p', { class: 'controls' }, dialogCancel, dialogConfirm),
  );

  replaceChildren(
    root,
    h('main', {}, h('h1', {}, T.title), status, announcer, signInForm, dashboard),
    dialog,
  );

  // --- State ----------------------------------------------------------------------------------
  /** Each sign-in starts a polling run; an older run stops at its next step. */
  let run = 0;
  let stopped = false;
  /** The newest call shown (the next poll asks for calls after it). */
  let lastId: number | undefined;
  /** The server's log the calls shown come from (another after a restart: ids start over). */
  let shownLogId: string | undefined;
  /** A failure the status line shows (a poll that succeeds again clears it). */
  let shownProblem: string | undefined;
  let polls = 0;
  let currentScenario = '';
  /** The answers drawn last: an unchanged answer is not drawn again (focus, a chosen option). */
  let shownScenarios: ScenarioList | undefined;
  let shownFaults = '';
  let shownRoutes = '';
  let shownRecordings = '';
  let pendingFailures = 0;
  let lastFailure: LoggedRequest | undefined;
  let lastAnnounced = Number.NEGATIVE_INFINITY;

  const say = (text: string) => {
    status.textContent = text;
  };

  const showSignIn = (message = '') => {
    run += 1;
    dashboard.hidden = true;
    signInForm.hidden = false;
    signInError.textContent = message;
    say('');
    username.focus();
  };

  /** Handles an answer's failure; true when it was one (a 401 shows the sign-in). */
  const failedAnswer = <V>(
    answer: Answer<V>,
    what: string,
  ): answer is Answer<V> & { ok: false } => {
    if (answer.ok) return false;
    if (answer.signedOut) showSignIn(T.signIn.again);
    else {
      shownProblem = T.unavailable(what, answer.message);
      say(shownProblem);
    }
    return true;
  };

  const announceFailures = (fresh: readonly LoggedRequest[]) => {
    // What the list shows is what is announced (static files only with their toggle, ...).
    const failures = fresh.filter((entry) => failed(entry) && calls.shows(entry));
    if (failures.length > 0) {
      pendingFailures += failures.length;
      lastFailure = failures[0];
    }
    if (pendingFailures === 0 || lastFailure === undefined) return;
    if (now() - lastAnnounced < ANNOUNCE_EVERY_MS) return;
    announcer.textContent = T.requests.failed(pendingFailures, callLine(lastFailure));
    lastAnnounced = now();
    pendingFailures = 0;
  };

  const loadFaults = async () => {
    const answer = await api.faults();
    if (failedAnswer(answer, T.faults.heading)) return;
    const text = JSON.stringify(answer.value);
    if (text === shownFaults) return;
    shownFaults = text;
    renderFaults(faultsContent, answer.value, {
      edit: (fault) => faultForm(fault),
      remove: (fault, button) => {
        button.disabled = true;
        void api.deleteFault(fault.id).then(async (deleted) => {
          button.disabled = false;
          if (failedAnswer(deleted, T.faults.heading)) return;
          say(T.faults.deleted(fault.id));
          await loadFaults();
          keepFocusIn(faultsSection, faultsHeading);
        });
      },
    });
  };

  /** The row with the focused button is gone: the focus goes to the section's first button. */
  const keepFocusIn = (section: HTMLElement, heading: HTMLElement) => {
    if (!root.contains(document.activeElement) || document.activeElement === document.body) {
      (section.querySelector<HTMLElement>('tbody button') ?? heading).focus();
    }
  };

  /** A form's answer: undefined when done (`done` runs), else the message to show. */
  const formAnswer = async <V>(
    answer: Answer<V>,
    done: (value: V) => Promise<void>,
  ): Promise<string | undefined> => {
    if (answer.ok) {
      await done(answer.value);
      return undefined;
    }
    if (!answer.signedOut) return answer.message;
    showSignIn(T.signIn.again);
    return undefined;
  };

  /** The fault form: a fault to edit, or a new one (from a call: `values`). */
  const faultForm = (fault?: Fault, values?: FormValues) => {
    openFormDialog(root, {
      heading: fault === undefined ? P.faultForm.heading : P.faultForm.editLabel(fault.id),
      fields: FAULT_FIELDS,
      values: values ?? faultValues(fault ?? {}),
      submit: fault === undefined ? P.faultForm.add : P.faultForm.save,
      cancel: P.faultForm.cancel,
      fallback: () => faultsHeading,
      onSubmit: async (form) => {
        const input = faultInput(form);
        const answer = await (fault === undefined
          ? api.addFault(input)
          : api.editFault(fault.id, input));
        return formAnswer(answer, async ({ fault: saved }) => {
          say(fault === undefined ? T.faults.added(saved.id) : T.faults.saved(saved.id));
          await loadFaults();
        });
      },
    });
  };

  const loadRoutes = async () => {
    const answer = await api.routes();
    if (!answer.ok) {
      if (answer.signedOut) showSignIn(T.signIn.again);
      else routesError.textContent = T.unavailable(P.routes.heading, answer.message);
      return;
    }
    routesError.textContent = '';
    const text = JSON.stringify(answer.value);
    if (text === shownRoutes) return;
    shownRoutes = text;
    renderRoutes(routesContent, answer.value, {
      edit: (rule) => routeForm(rule),
      remove: (rule, button) => {
        button.disabled = true;
        void api.deleteRoute(rule.id).then(async (deleted) => {
          button.disabled = false;
          if (failedAnswer(deleted, P.routes.heading)) return;
          say(T.routes.deleted(rule.id));
          await loadRoutes();
          keepFocusIn(routesSection, routesHeading);
        });
      },
    });
  };

  const routeForm = (rule?: RouteRule) => {
    openFormDialog(root, {
      heading: rule === undefined ? P.routes.add : P.routes.editLabel(rule.id),
      fields: ROUTE_FIELDS,
      values: routeValues(rule ?? {}),
      submit: rule === undefined ? P.routes.add : P.routes.save,
      cancel: P.faultForm.cancel,
      fallback: () => routesHeading,
      onSubmit: async (form) => {
        const input = routeInput(form);
        const answer = await (rule === undefined
          ? api.addRoute(input)
          : api.editRoute(rule.id, input));
        return formAnswer(answer, async ({ route }) => {
          say(rule === undefined ? T.routes.added(route.id) : T.routes.saved(route.id));
          await loadRoutes();
        });
      },
    });
  };

  const loadRecordings = async () => {
    const answer = await api.recordings();
    if (!answer.ok) {
      if (answer.signedOut) showSignIn(T.signIn.again);
      else recordingsLoadError.textContent = T.unavailable(P.recordings.heading, answer.message);
      return;
    }
    recordingsLoadError.textContent = '';
    const text = JSON.stringify(answer.value);
    if (text === shownRecordings) return;
    shownRecordings = text;
    renderRecordings(recordingsContent, answer.value, (name, button) => {
      button.disabled = true;
      void api.stopRecording(name).then(async (stopped) => {
        button.disabled = false;
        if (failedAnswer(stopped, P.recordings.heading)) return;
        say(P.recordings.saved(stopped.value.name, stopped.value.calls, stopped.value.leftOut));
        await Promise.all([loadRecordings(), loadScenarios()]);
        if (!root.contains(document.activeElement) || document.activeElement === document.body) {
          recordingsHeading.focus();
        }
      });
    });
  };

  /** Calls' details, in a dialog; "Make this call fail" opens the fault form from the call. */
  const showDetails = (entry: LoggedRequest) => {
    openCallDetails(root, entry, {
      load: (id) => api.requestDetail(id),
      signedOut: () => showSignIn(T.signIn.again),
      fallback: () => calls.section.querySelector('h2'),
      makeFail: (call) =>
        faultForm(undefined, {
          ...faultValues({}),
          method: call.method,
          path: pathOnly(call.path),
          status: String(FAIL_STATUS),
        }),
    });
  };

  const loadScenarios = async () => {
    const answer = await api.scenarios();
    if (failedAnswer(answer, T.scenario.heading)) return;
    currentScenario = answer.value.current;
    renderScenarios(scenarioCurrent, scenarioSelect, answer.value, shownScenarios);
    shownScenarios = answer.value;
  };

  const loadRequests = async (first: boolean) => {
    let answer = await api.requests(lastId);
    if (failedAnswer(answer, T.requests.heading)) return;
    if (shownProblem !== undefined && status.textContent === shownProblem) say('');
    shownProblem = undefined;
    if (shownLogId !== undefined && answer.value.logId !== shownLogId) {
      // The server restarted: its log starts over, and an id shown may name another call now.
      calls.clear();
      lastId = undefined;
      answer = await api.requests(undefined);
      if (failedAnswer(answer, T.requests.heading)) return;
      first = true;
    }
    shownLogId = answer.value.logId;
    const fresh = answer.value.requests;
    const newest = fresh[0];
    if (newest !== undefined) lastId = newest.id;
    calls.add(fresh);
    // The log as it was on arrival is history: only calls seen live are announced.
    if (!first) announceFailures(fresh);
  };

  const poll = async (mine: number) => {
    if (stopped || mine !== run) return;
    polls += 1;
    await loadRequests(polls === 1);
    if (mine !== run) return;
    await Promise.all([loadFaults(), loadRecordings()]);
    if (polls % SCENARIO_EVERY === 0 && mine === run) {
      await Promise.all([loadScenarios(), loadRoutes()]);
    }
    if (!stopped && mine === run) setTimeout(() => void poll(mine), pollMs);
  };

  const showDashboard = () => {
    run += 1;
    signInForm.hidden = true;
    dashboard.hidden = false;
    who.textContent = T.signedInAs(api.userName ?? '');
    lastId = undefined;
    shownLogId = undefined;
    polls = 0;
    shownScenarios = undefined;
    shownFaults = '';
    shownRoutes = '';
    shownRecordings = '';
    calls.clear();
    void loadScenarios();
    void loadRoutes();
    void poll(run);
  };

  // --- The confirmation dialog ----------------------------------------------------------------
  const confirm = (message: string): Promise<boolean> => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogMessage.textContent = message;
    return new Promise((resolve) => {
      const finish = (confirmed: boolean) => {
        dialogCancel.removeEventListener('click', onCancel);
        dialogConfirm.removeEventListener('click', onConfirm);
        dialog.removeEventListener('close', onClose);
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
        opener?.focus();
        resolve(confirmed);
      };
      const onCancel = () => finish(false);
      const onConfirm = () => finish(true);
      // Escape closes a modal dialog by itself: a cancel.
      const onClose = () => finish(false);
      dialogCancel.addEventListener('click', onCancel);
      dialogConfirm.addEventListener('click', onConfirm);
      dialog.addEventListener('close', onClose);
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialogCancel.focus();
    });
  };

  /**
   * Switch or Reset, once confirmed: the section is busy (aria-busy, a status text) while the
   * server replaces the data, its buttons disabled; then the focus goes back to `button`, which a
   * browser takes it from when the button is disabled.
   */
  const replaceData = async (
    button: HTMLButtonElement,
    message: string,
    busy: string,
    action: () => Promise<Answer<{ current: string }>>,
    done: (name: string) => string,
  ) => {
    if (!(await confirm(message))) return;
    switchButton.disabled = true;
    resetButton.disabled = true;
    scenarioSection.setAttribute('aria-busy', 'true');
    say(busy);
    const answer = await action();
    switchButton.disabled = false;
    resetButton.disabled = false;
    scenarioSection.removeAttribute('aria-busy');
    const focusLost =
      !root.contains(document.activeElement) || document.activeElement === document.body;
    if (!dashboard.hidden && focusLost) button.focus();
    if (failedAnswer(answer, T.scenario.heading)) return;
    announceReplacedData(answer.value.current);
    say(done(answer.value.current));
    await Promise.all([loadScenarios(), loadFaults()]);
  };

  // --- Events ---------------------------------------------------------------------------------
  signInForm.addEventListener('submit', (event) => {
    event.preventDefault();
    signInButton.disabled = true;
    signInError.textContent = '';
    void api.signIn(username.value, password.value).then((problem) => {
      signInButton.disabled = false;
      if (problem !== undefined) {
        signInError.textContent = problem;
        return;
      }
      password.value = '';
      showDashboard();
      signOutButton.focus();
    });
  });

  signOutButton.addEventListener('click', () => {
    api.signOut();
    showSignIn();
  });

  switchButton.addEventListener('click', () => {
    const name = scenarioSelect.value;
    if (name === '') return;
    void replaceData(
      switchButton,
      T.scenario.confirmSwitch(name),
      T.scenario.switching(name),
      () => api.switchScenario(name),
      T.scenario.switched,
    );
  });

  addFaultButton.addEventListener('click', () => faultForm());
  addRouteButton.addEventListener('click', () => routeForm());

  recordingForm.addEventListener('submit', (event) => {
    event.preventDefault();
    recordingError.textContent = '';
    const name = recordingName.value.trim();
    startRecordingButton.disabled = true;
    void api
      .startRecording({ name, routes: recordingRoutes(recordingRoutesInput.value) })
      .then(async (answer) => {
        startRecordingButton.disabled = false;
        if (!answer.ok) {
          if (answer.signedOut) showSignIn(T.signIn.again);
          else recordingError.textContent = answer.message;
          return;
        }
        recordingName.value = '';
        recordingRoutesInput.value = '';
        say(T.recordings.started(name));
        await loadRecordings();
      });
  });

  resetButton.addEventListener('click', () => {
    void replaceData(
      resetButton,
      T.scenario.confirmReset(currentScenario),
      T.scenario.resetting(currentScenario),
      () => api.reset(),
      T.scenario.wasReset,
    );
  });

  if (api.token === null) showSignIn();
  else showDashboard();

  return {
    stop() {
      stopped = true;
      run += 1;
    },
  };
}
