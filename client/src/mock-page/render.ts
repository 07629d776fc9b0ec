/**
 * What the page draws from each answer: plain DOM through the published sites' tiny element
 * builder (text as text nodes, never parsed HTML), so the bundle carries no framework.
 */
import type { Fault, FaultList } from '@contracts/api/mock-faults';
import { MOCK_PAGE_TEXT, type LoggedRequest } from '@contracts/api/mock-requests';
import type { ScenarioList } from '@contracts/api/mock-scenarios';
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
    h('td', {}, entry.fault ?? ''),
  );
  return row;
}

/** The calls table's rows: `entries` (newest first) added on top, at most `keep` rows kept. */
export function prependRequests(
  body: HTMLTableSectionElement,
  entries: readonly LoggedRequest[],
  keep: number,
): void {
  const rows = entries.map(requestRow);
  body.prepend(...rows);
  while (body.rows.length > keep) body.deleteRow(-1);
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
  onDelete: (fault: Fault, button: HTMLButtonElement) => void,
): void {
  const focused = document.activeElement;
  const focusedFault =
    focused instanceof HTMLElement && container.contains(focused)
      ? focused.getAttribute('data-fault')
      : null;
  drawFaults(container, list, onDelete);
  if (focusedFault !== null) {
    for (const button of container.querySelectorAll<HTMLButtonElement>('button[data-fault]')) {
      if (button.getAttribute('data-fault') === focusedFault) button.focus();
    }
  }
}

function drawFaults(
  container: HTMLElement,
  list: FaultList,
  onDelete: (fault: Fault, button: HTMLButtonElement) => void,
): void {
  const delay = h('p', {}, T.faults.delay(list.delayMs));
  if (list.faults.length === 0) {
    replaceChildren(container, delay, h('p', {}, T.faults.none));
    return;
  }
  const body = h('tbody');
  for (const fault of list.faults) {
    const remove = h(
      'button',
      { type: 'button', 'aria-label': T.faults.deleteLabel(fault.id), 'data-fault': fault.id },
      T.faults.delete,
    );
    remove.addEventListener('click', () => onDelete(fault, remove));
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
        h('td', {}, remove),
      ),
    );
  }
  replaceChildren(container, delay, table(T.faults.heading, T.faults.columns, body));
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
    info === undefined ? null : ` (${info.description})`,
  );
  replaceChildren(
    select,
    ...list.scenarios.map((scenario) =>
      h(
        'option',
        { value: scenario.name, selected: scenario.name === list.current },
        scenario.name,
      ),
    ),
  );
  select.value = list.current;
}
