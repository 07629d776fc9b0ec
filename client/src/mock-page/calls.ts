/**
 * The calls table with its filters: API calls by default, static files behind a toggle, and
 * filters by method, status class, path text and kind. The page keeps the log's entries (at most
 * the log's capacity) and draws the rows that pass the filters: a changed filter draws them
 * again, new calls that pass go on top as they come.
 */
import { CALL_KINDS, MOCK_PROXY_TEXT } from '@contracts/api/mock-proxy';
import { MOCK_PAGE_TEXT, REQUEST_LOG, type LoggedRequest } from '@contracts/api/mock-requests';
import { h } from '@/sites/shared/dom';
import { requestRow, table } from './render';

const T = MOCK_PAGE_TEXT;
const P = MOCK_PROXY_TEXT.calls;

/** The methods the filters and forms offer. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** The status filter's classes, and the calls closed before an answer. */
const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', T.requests.aborted] as const;

export interface CallFilters {
  method: string;
  status: string;
  path: string;
  kind: string;
  showStatic: boolean;
}

/** Whether a call passes the filters (an empty filter lets every call through). */
export function passes(entry: LoggedRequest, filters: CallFilters): boolean {
  if (entry.static && !filters.showStatic) return false;
  if (filters.method !== '' && entry.method !== filters.method) return false;
  if (filters.kind !== '' && entry.kind !== filters.kind) return false;
  if (filters.status === T.requests.aborted) {
    if (entry.completed) return false;
  } else if (filters.status !== '' && `${String(entry.status)[0]}xx` !== filters.status) {
    return false;
  }
  const text = filters.path.trim().toLowerCase();
  return text === '' || entry.path.toLowerCase().includes(text);
}

function filterSelect(id: string, label: string, values: readonly string[]) {
  const select = h(
    'select',
    { id },
    h('option', { value: '' }, P.any),
    ...values.map((value) => h('option', { value }, value)),
  );
  return { select, label: h('label', { for: id }, label) };
}

export interface CallList {
  section: HTMLElement;
  /** Adds calls just logged (newest first). */
  add(fresh: readonly LoggedRequest[]): void;
  clear(): void;
  /** Whether a call passes the current filters (what is announced). */
  shows(entry: LoggedRequest): boolean;
  /** The Details button of a call, while its row is drawn. */
  button(id: number): HTMLButtonElement | null;
}

export function createCallList(
  onDetails: (entry: LoggedRequest, button: HTMLButtonElement) => void,
): CallList {
  const method = filterSelect('mock-filter-method', P.filterMethod, HTTP_METHODS);
  const status = filterSelect('mock-filter-status', P.filterStatus, STATUS_CLASSES);
  const kind = filterSelect('mock-filter-kind', P.filterKind, CALL_KINDS);
  const path = h('input', { id: 'mock-filter-path', type: 'search', autocomplete: 'off' });
  const showStatic = h('input', { id: 'mock-filter-static', type: 'checkbox' });
  const body = h('tbody');
  const none = h('p', {}, T.requests.none);
  const section = h(
    'section',
    { 'aria-labelledby': 'mock-calls-heading' },
    h('h2', { id: 'mock-calls-heading', tabindex: '-1' }, T.requests.heading),
    h(
      'p',
      { class: 'controls filters' },
      method.label,
      method.select,
      status.label,
      status.select,
      h('label', { for: path.id }, P.filterPath),
      path,
      kind.label,
      kind.select,
      h('span', {}, showStatic, h('label', { for: showStatic.id }, P.showStatic)),
    ),
    table(T.requests.caption(REQUEST_LOG.capacity), T.requests.columns, body),
    none,
  );

  /** Newest first, at most the log's capacity. */
  let entries: LoggedRequest[] = [];
  const filters = (): CallFilters => ({
    method: method.select.value,
    status: status.select.value,
    path: path.value,
    kind: kind.select.value,
    showStatic: showStatic.checked,
  });

  const row = (entry: LoggedRequest) => {
    const tr = requestRow(entry);
    const button = h(
      'button',
      { type: 'button', 'aria-label': P.details(entry.id), 'data-call': String(entry.id) },
      T.requests.details,
    );
    button.addEventListener('click', () => onDetails(entry, button));
    tr.append(h('td', {}, button));
    return tr;
  };

  const drawNone = () => {
    none.textContent = entries.length === 0 ? T.requests.none : T.requests.noneShown;
    none.hidden = body.rows.length > 0;
  };

  const redraw = () => {
    const current = filters();
    body.replaceChildren(...entries.filter((entry) => passes(entry, current)).map(row));
    drawNone();
  };

  for (const control of [method.select, status.select, kind.select, showStatic]) {
    control.addEventListener('change', redraw);
  }
  path.addEventListener('input', redraw);
  none.hidden = true;

  return {
    section,
    add(fresh) {
      entries = [...fresh, ...entries].slice(0, REQUEST_LOG.capacity);
      const current = filters();
      body.prepend(...fresh.filter((entry) => passes(entry, current)).map(row));
      // Rows of calls the page no longer keeps go (the oldest, at the bottom; the log is in
      // the order calls finished, which is not always the order of their ids).
      const kept = new Set(entries.map((entry) => String(entry.id)));
      let last = body.rows[body.rows.length - 1];
      while (last !== undefined && !kept.has(last.dataset.id ?? '')) {
        last.remove();
        last = body.rows[body.rows.length - 1];
      }
      drawNone();
    },
    clear() {
      entries = [];
      body.replaceChildren();
      none.hidden = true;
    },
    shows(entry) {
      return passes(entry, filters());
    },
    button(id) {
      return body.querySelector<HTMLButtonElement>(`button[data-call="${id}"]`);
    },
  };
}
