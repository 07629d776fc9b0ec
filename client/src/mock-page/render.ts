/**
 * What the page draws from each answer: plain DOM through the published sites' tiny element
 * builder (text as text nodes, never parsed HTML), so the bundle carries no framework.
 */
import type { Fault, FaultList } from '@contracts/api/mock-faults';
import { MOCK_PAGE_TEXT, type LoggedRequest } from '@contracts/api/mock-requests';
import { MOCK_PROXY_TEXT } from '@contracts/api/mock-proxy';
import type { ScenarioInfo, ScenarioList } from '@contracts/api/mock-scenarios';
import { h, replaceChildren } from '@/sites/shared/dom';

const T = MOCK_PAGE_TEXT;

/** `14:03:07.123`, local time. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(
    date.getMilliseconds(),
  ).padStart(3, '0')}`;
}

/** A call failed: a 4xx or 5xx answer, or the connection closed before it. */
export function failed(entry: LoggedRequest): boolean {
  return entry.status >= 400 || !entry.completed;
}

/** `POST /api/x 500`: a call in one line (the live region's announcement). */
export function callLine(entry: LoggedRequest): string {
  return `${entry.method} ${entry.path} ${entry.completed ? entry.status : T.requests.aborted}`;
}

export function requestRow(entry: LoggedRequest): HTMLTableRowElement {
  const row = h(
    'tr',
    { class: failed(entry) ? 'failed' : null, 'data-id': String(entry.id) },
    h('td', {}, h('time', { datetime: entry.time }, clockTime(entry.time))),
    h('td', {}, entry.method),
    h('td', { class: 'path' }, entry.path),
    h('td', {}, entry.completed ? String(entry.status) : `${entry.status} (${T.requests.aborted})`),
    h('td', { class: 'number' }, `${entry.durationMs} ms`),
    h('td', {}, entry.kind),
    h('td', {}, entry.fault ?? ''),
  );
  return row;
}

export function table(
  caption: string,
  columns: readonly string[],
  body: HTMLTableSectionElement,
): HTMLTableElement {
  return h(
    'table',
    {},
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...columns.map((column) => h('th', { scope: 'col' }, column)))),
    body,
  );
}

/** What a fault does, in a few words: `500 Service unavailable; delay 800 ms; fails at line 3`. */
export function faultEffect(fault: Fault): string {
  const parts: string[] = [];
  if (fault.status !== undefined) {
    parts.push(
      [fault.status, fault.errorCode, fault.errorMessage]
        .filter((part) => part !== undefined)
        .join(' '),
    );
  }
  if (fault.delayMs !== undefined) parts.push(`delay ${fault.delayMs} ms`);
  if (fault.failAtLine !== undefined) parts.push(`fails at line ${fault.failAtLine}`);
  if (fault.stallAtLine !== undefined) parts.push(`stalls at line ${fault.stallAtLine}`);
  if (fault.failAfterBytes !== undefined) parts.push(`fails after ${fault.failAfterBytes} bytes`);
  return parts.join('; ');
}

/**
 * The faults section's content: the delay, then the table or "No active faults". A Delete
 * button that had the focus keeps it (the section is drawn again when a fault's counts change).
 */
export function renderFaults(
  container: HTMLElement,
  list: FaultList,
  actions: RowActions<Fault>,
): void {
  keepingFocus(container, () => drawFaults(container, list, actions));
}

/** A row's Edit and Delete buttons. */
export interface RowActions<T> {
  edit(item: T): void;
  remove(item: T, button: HTMLButtonElement): void;
}

/**
 * Draws a section again; a row button that had the focus (`data-key`) keeps it when its row is
 * drawn again.
 */
export function keepingFocus(container: HTMLElement, draw: () => void): void {
  const focused = document.activeElement;
  const key =
    focused instanceof HTMLElement && container.contains(focused)
      ? focused.getAttribute('data-key')
      : null;
  draw();
  if (key === null) return;
  for (const button of container.querySelectorAll<HTMLButtonElement>('button[data-key]')) {
    if (button.getAttribute('data-key') === key) button.focus();
  }
}

/** Edit and Delete, named for their row (`data-key` keeps the focus on a redraw). */
export function rowButtons<T>(
  item: T,
  id: string,
  labels: { edit: string; editLabel: string; delete: string; deleteLabel: string },
  actions: RowActions<T>,
): HTMLElement {
  const edit = h(
    'button',
    { type: 'button', 'aria-label': labels.editLabel, 'data-key': `edit-${id}` },
    labels.edit,
  );
  const remove = h(
    'button',
    { type: 'button', 'aria-label': labels.deleteLabel, 'data-key': `delete-${id}` },
    labels.delete,
  );
  edit.addEventListener('click', () => actions.edit(item));
  remove.addEventListener('click', () => actions.remove(item, remove));
  return h('td', { class: 'actions' }, edit, remove);
}

function drawFaults(container: HTMLElement, list: FaultList, actions: RowActions<Fault>): void {
  const delay = h('p', {}, T.faults.delay(list.delayMs));
  if (list.faults.length === 0) {
    replaceChildren(container, delay, h('p', {}, T.faults.none));
    return;
  }
  const body = h('tbody');
  for (const fault of list.faults) {
    const buttons = rowButtons(
      fault,
      fault.id,
      {
        edit: MOCK_PROXY_TEXT.faultForm.edit,
        editLabel: MOCK_PROXY_TEXT.faultForm.editLabel(fault.id),
        delete: T.faults.delete,
        deleteLabel: T.faults.deleteLabel(fault.id),
      },
      actions,
    );
    body.append(
      h(
        'tr',
        {},
        h('td', {}, fault.method),
        h('td', { class: 'path' }, fault.path),
        h('td', {}, faultEffect(fault)),
        h(
          'td',
          {},
          fault.remaining === undefined ? T.faults.untilDeleted : String(fault.remaining),
        ),
        h('td', { class: 'number' }, String(fault.applied)),
        h('td', {}, fault.source),
        buttons,
      ),
    );
  }
  replaceChildren(container, delay, table(T.faults.heading, T.faults.columns, body));
}

const recorded = MOCK_PROXY_TEXT.recordings.recorded;

/** A scenario's option: its name, marked when it is a recording. */
export function scenarioLabel(scenario: ScenarioInfo): string {
  return scenario.recorded === true ? `${scenario.name} (${recorded})` : scenario.name;
}

/**
 * The scenario section's current line and the select's options. The select is set to the
 * current scenario only when the options or the current scenario changed (`shown`: what was
 * drawn last), so a periodic refresh never undoes a developer's choice.
 */
export function renderScenarios(
  current: HTMLElement,
  select: HTMLSelectElement,
  list: ScenarioList,
  shown: ScenarioList | undefined,
): void {
  if (shown !== undefined && JSON.stringify(shown) === JSON.stringify(list)) return;
  const info = list.scenarios.find((scenario) => scenario.name === list.current);
  replaceChildren(
    current,
    h('strong', {}, T.scenario.current(list.current)),
    info === undefined
      ? null
      : ` (${info.recorded === true ? `${recorded}; ` : ''}${info.description})`,
  );
  replaceChildren(
    select,
    ...list.scenarios.map((scenario) =>
      h(
        'option',
        { value: scenario.name, selected: scenario.name === list.current },
        scenarioLabel(scenario),
      ),
    ),
  );
  select.value = list.current;
}
