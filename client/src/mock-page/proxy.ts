/**
 * Forwarding rules and recordings on the page (contracts/api/mock-proxy.ts): the real backend
 * and how its tokens are taken, the rules with Edit and Delete (the form in a dialog), the
 * running recordings with Stop, and the saved ones.
 */
import {
  MOCK_PROXY_TEXT,
  ROUTE_TARGETS,
  type RecordingInput,
  type RecordingList,
  type RouteList,
  type RouteRule,
  type RouteRuleInput,
  type RouteTarget,
} from '@contracts/api/mock-proxy';
import { MOCK_PAGE_TEXT } from '@contracts/api/mock-requests';
import { h, replaceChildren } from '@/sites/shared/dom';
import type { Field, FormValues } from './dialogs';
import { METHOD_OPTIONS } from './fault-form';
import { keepingFocus, rowButtons, table, type RowActions } from './render';

const R = MOCK_PROXY_TEXT.routes;
const REC = MOCK_PROXY_TEXT.recordings;

export const ROUTE_FIELDS: readonly Field[] = [
  { name: 'method', label: R.method, type: 'select', options: METHOD_OPTIONS },
  { name: 'path', label: R.path, required: true },
  {
    name: 'to',
    label: R.to,
    type: 'select',
    options: ROUTE_TARGETS.map((target) => [target, target] as const),
  },
];

export function routeValues(rule: Partial<RouteRule>): FormValues {
  return { method: rule.method ?? '*', path: rule.path ?? '', to: rule.to ?? 'real' };
}

export function routeInput(values: FormValues): RouteRuleInput {
  return {
    method: values.method || '*',
    path: values.path ?? '',
    to: (values.to ?? 'mock') as RouteTarget,
  };
}

export function renderRoutes(
  container: HTMLElement,
  list: RouteList,
  actions: RowActions<RouteRule>,
): void {
  keepingFocus(container, () => {
    const lines = [h('p', {}, R.target(list.target))];
    if (list.tokens !== null) lines.push(h('p', {}, MOCK_PAGE_TEXT.routes.tokens(list.tokens)));
    if (list.routes.length === 0) {
      replaceChildren(container, ...lines, h('p', {}, R.none));
      return;
    }
    const body = h(
      'tbody',
      {},
      ...list.routes.map((rule) =>
        h(
          'tr',
          {},
          h('td', {}, rule.method),
          h('td', { class: 'path' }, rule.path),
          h('td', {}, rule.to),
          h('td', {}, rule.source),
          rowButtons(
            rule,
            rule.id,
            {
              edit: R.edit,
              editLabel: R.editLabel(rule.id),
              delete: R.delete,
              deleteLabel: R.deleteLabel(rule.id),
            },
            actions,
          ),
        ),
      ),
    );
    replaceChildren(container, ...lines, table(R.heading, R.columns, body));
  });
}

/**
 * The recording form's routes: one a line, `METHOD /path` or `/path` (any method). A line of
 * another shape goes as its path, for the server to name.
 */
export function recordingRoutes(text: string): RecordingInput['routes'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [method, path, ...rest] = line.split(/\s+/);
      return path !== undefined && method !== undefined && rest.length === 0
        ? { method: method.toUpperCase(), path }
        : { path: line };
    });
}

export function renderRecordings(
  container: HTMLElement,
  list: RecordingList,
  stop: (name: string, button: HTMLButtonElement) => void,
): void {
  keepingFocus(container, () => {
    const running = list.recordings.filter((recording) => recording.running);
    const saved = list.recordings.filter((recording) => !recording.running);
    if (list.recordings.length === 0) {
      replaceChildren(container, h('p', {}, MOCK_PAGE_TEXT.recordings.none));
      return;
    }
    const savedId = 'mock-recordings-saved';
    replaceChildren(
      container,
      running.length === 0
        ? null
        : h(
            'ul',
            {},
            ...running.map((recording) => {
              const button = h(
                'button',
                {
                  type: 'button',
                  'aria-label': REC.stopLabel(recording.name),
                  'data-key': `stop-${recording.name}`,
                },
                REC.stop,
              );
              button.addEventListener('click', () => stop(recording.name, button));
              return h(
                'li',
                {},
                REC.running(recording.name, recording.calls, recording.leftOut),
                ' ',
                button,
              );
            }),
          ),
      saved.length === 0
        ? null
        : h(
            'div',
            {},
            h('h3', { id: savedId }, MOCK_PAGE_TEXT.recordings.savedHeading),
            h(
              'ul',
              { 'aria-labelledby': savedId },
              ...saved.map((recording) =>
                h(
                  'li',
                  recording.problem === undefined ? {} : { class: 'error' },
                  recording.problem === undefined
                    ? MOCK_PAGE_TEXT.recordings.savedItem(
                        recording.name,
                        recording.calls,
                        recording.leftOut,
                      )
                    : MOCK_PAGE_TEXT.recordings.unusableItem(recording.name, recording.problem),
                ),
              ),
            ),
          ),
    );
  });
}
