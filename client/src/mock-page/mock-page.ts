/**
 * The page at /__mock (docs/developer-tools.md): signs in when it holds no
 * token, then shows the calls live (polling `GET /__mock/requests?after=` about once a second),
 * the active faults with a Delete button each and the delay, and the scenario with Switch and
 * Reset, each confirmed in a <dialog> first. Plain DOM, no framework (a small bundle).
 *
 * Accessibility: every control has a label, the calls are a table with column headers, action
 * results go to a status region, and new failures are announced in a live region at most once
 * every ANNOUNCE_EVERY_MS (the count since the last announcement and the latest failure).
 */
import { MOCK_PAGE_TEXT, REQUEST_LOG, type LoggedRequest } from '@contracts/api/mock-requests';
import { h, replaceChildren } from '@/sites/shared/dom';
import type { ScenarioList } from '@contracts/api/mock-scenarios';
import { MockApi, type Answer } from './mock-api';
import { callLine, failed, prependRequests, renderFaults, renderScenarios, table } from './render';

const T = MOCK_PAGE_TEXT;

export const POLL_MS = 1000;
/** The faults are read with every poll; the scenario every this many polls (and after actions). */
const SCENARIO_EVERY = 5;
/** New failures are announced at most this often. */
export const ANNOUNCE_EVERY_MS = 5000;

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
  const faultsSection = h(
    'section',
    { 'aria-labelledby': 'mock-faults-heading' },
    h('h2', { id: 'mock-faults-heading', tabindex: '-1' }, T.faults.heading),
    faultsContent,
  );

  const callsBody = h('tbody');
  const noCalls = h('p', {}, T.requests.none);
  const callsSection = h(
    'section',
    { 'aria-labelledby': 'mock-calls-heading' },
    h('h2', { id: 'mock-calls-heading' }, T.requests.heading),
    table(T.requests.caption(REQUEST_LOG.capacity), T.requests.columns, callsBody),
    noCalls,
  );

  const dashboard = h(
    'div',
    {},
    h('p', { class: 'who' }, who, ' ', signOutButton),
    scenarioSection,
    faultsSection,
    callsSection,
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
  let polls = 0;
  let currentScenario = '';
  /** The answers drawn last: an unchanged answer is not drawn again (focus, a chosen option). */
  let shownScenarios: ScenarioList | undefined;
  let shownFaults = '';
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
    else say(T.unavailable(what, answer.message));
    return true;
  };

  const announceFailures = (fresh: readonly LoggedRequest[]) => {
    const failures = fresh.filter(failed);
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
    renderFaults(faultsContent, answer.value, (fault, button) => {
      button.disabled = true;
      void api.deleteFault(fault.id).then(async (deleted) => {
        button.disabled = false;
        if (failedAnswer(deleted, T.faults.heading)) return;
        say(T.faults.deleted(fault.id));
        await loadFaults();
        // The row is gone with its button: keep the focus in the section.
        if (!root.contains(document.activeElement) || document.activeElement === document.body) {
          faultsSection.querySelector<HTMLElement>('button, h2')?.focus();
        }
      });
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
    const answer = await api.requests(lastId);
    if (failedAnswer(answer, T.requests.heading)) return;
    const fresh = answer.value.requests;
    const newest = fresh[0];
    if (newest !== undefined) {
      lastId = newest.id;
      prependRequests(callsBody, fresh, REQUEST_LOG.capacity);
      // The log as it was on arrival is history: only calls seen live are announced.
      if (!first) announceFailures(fresh);
    } else if (!first) {
      announceFailures([]);
    }
    noCalls.hidden = callsBody.rows.length > 0;
  };

  const poll = async (mine: number) => {
    if (stopped || mine !== run) return;
    polls += 1;
    await loadRequests(polls === 1);
    if (mine !== run) return;
    await loadFaults();
    if (polls % SCENARIO_EVERY === 0 && mine === run) await loadScenarios();
    if (!stopped && mine === run) setTimeout(() => void poll(mine), pollMs);
  };

  const showDashboard = () => {
    run += 1;
    signInForm.hidden = true;
    dashboard.hidden = false;
    who.textContent = T.signedInAs(api.userName ?? '');
    lastId = undefined;
    polls = 0;
    shownScenarios = undefined;
    shownFaults = '';
    callsBody.replaceChildren();
    noCalls.hidden = true;
    void loadScenarios();
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

  const replaceData = async (
    message: string,
    action: () => Promise<Answer<{ current: string }>>,
    done: (name: string) => string,
  ) => {
    if (!(await confirm(message))) return;
    switchButton.disabled = true;
    resetButton.disabled = true;
    const answer = await action();
    switchButton.disabled = false;
    resetButton.disabled = false;
    if (failedAnswer(answer, T.scenario.heading)) return;
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
      T.scenario.confirmSwitch(name),
      () => api.switchScenario(name),
      T.scenario.switched,
    );
  });

  resetButton.addEventListener('click', () => {
    void replaceData(
      T.scenario.confirmReset(currentScenario),
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
