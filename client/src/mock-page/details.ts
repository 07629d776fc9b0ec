/**
 * A logged call's details in a modal dialog: both sides' headers and bodies (JSON pretty-printed,
 * the cut marked), "Copy as curl" and "Make this call fail". The call's line from the list is
 * shown at once and the details are fetched (GET /__mock/requests/{id}); a call the log no longer
 * holds can still be made to fail, from its method and path.
 */
import {
  MOCK_PROXY_TEXT,
  type LoggedCallDetail,
  type LoggedMessage,
} from '@contracts/api/mock-proxy';
import { MOCK_PAGE_TEXT, type LoggedRequest } from '@contracts/api/mock-requests';
import { h, replaceChildren } from '@/sites/shared/dom';
import { openModal, uid } from './dialogs';
import type { Answer } from './mock-api';

const T = MOCK_PAGE_TEXT;
const P = MOCK_PROXY_TEXT.calls;

/** A string as one shell word (POSIX sh): single-quoted, a quote inside as '\''. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * Headers curl sets itself from the URL and the body, or that would make it print compressed
 * bytes: left out of the command.
 */
const CURL_OWN_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
]);

/**
 * The call as a curl command line: method, full URL, headers (redacted as logged), body. A body
 * shown decoded is sent as shown, without the Content-Encoding it came in; a body the log only
 * describes is left out, a shell comment ending the line says so.
 */
export function curlCommand(detail: LoggedCallDetail, origin: string): string {
  const { headers, body, bodyIs } = detail.request;
  const words = ['curl'];
  if (detail.method === 'HEAD') words.push('--head');
  else words.push('-X', detail.method);
  words.push(shellQuote(`${origin}${detail.path}`));
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (CURL_OWN_HEADERS.has(lower)) continue;
    if (lower === 'content-encoding' && bodyIs === 'decoded') continue;
    words.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (body !== null && bodyIs === 'described') words.push(`# ${P.curlBodyLeftOut}`);
  else if (body !== null) words.push('--data-raw', shellQuote(body));
  return words.join(' ');
}

/** A body as shown: JSON pretty-printed, anything else as it is. */
export function shownBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The path without its query: what a fault made from the call matches. */
export function pathOnly(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

function side(heading: string, message: LoggedMessage): HTMLElement {
  const id = uid('mock-side');
  return h(
    'section',
    { 'aria-labelledby': id },
    h('h3', { id }, heading),
    h('h4', {}, P.headers),
    h(
      'dl',
      { class: 'headers' },
      ...Object.entries(message.headers).map(([name, value]) =>
        h('div', {}, h('dt', {}, name), h('dd', {}, value)),
      ),
    ),
    h('h4', {}, P.body),
    message.body === null ? h('p', {}, P.noBody) : h('pre', {}, shownBody(message.body)),
    message.truncated ? h('p', { class: 'cut' }, h('strong', {}, P.truncated)) : null,
  );
}

export interface DetailsOptions {
  load(id: number): Promise<Answer<LoggedCallDetail>>;
  /** A 401: the page shows the sign-in. */
  signedOut(): void;
  /** "Make this call fail": the details are closed first. */
  makeFail(entry: LoggedRequest): void;
  /** Where the focus goes on closing when the opener is gone. */
  fallback(): HTMLElement | null;
  origin?: string;
}

export function openCallDetails(host: HTMLElement, entry: LoggedRequest, options: DetailsOptions) {
  const headingId = uid('mock-details-heading');
  const content = h('div', {}, h('p', {}, T.requests.loading));
  const note = h('p', { role: 'status', class: 'status' });
  const copy = h('button', { type: 'button', disabled: true }, P.copyCurl);
  const fail = h('button', { type: 'button' }, P.makeFail);
  const close = h('button', { type: 'button' }, P.close);
  const dialog = h(
    'dialog',
    { 'aria-labelledby': headingId, class: 'details' },
    h('h2', { id: headingId }, P.detailsHeading(entry.method, entry.path)),
    h('p', {}, `${T.requests.status(entry.status)} · ${P.kind}: ${entry.kind}`),
    h('p', { class: 'controls' }, copy, fail, close),
    note,
    content,
  );
  const modal = openModal(host, dialog, undefined, options.fallback);
  close.addEventListener('click', modal.close);
  close.focus();
  fail.addEventListener('click', () => {
    modal.close();
    options.makeFail(entry);
  });

  let command = '';
  copy.addEventListener('click', () => {
    const shown = () => {
      note.textContent = T.requests.copyFailed;
      if (dialog.querySelector('pre.curl') === null) {
        content.before(h('pre', { class: 'curl' }, command));
      }
    };
    if (navigator.clipboard === undefined) {
      shown();
      return;
    }
    navigator.clipboard.writeText(command).then(() => {
      note.textContent = P.copied;
    }, shown);
  });

  void options.load(entry.id).then((answer) => {
    if (!dialog.isConnected) return;
    if (!answer.ok) {
      if (answer.signedOut) {
        modal.close();
        options.signedOut();
      } else {
        replaceChildren(content, h('p', { class: 'error' }, answer.message));
      }
      return;
    }
    const detail = answer.value;
    command = curlCommand(detail, options.origin ?? location.origin);
    copy.disabled = false;
    replaceChildren(
      content,
      side(P.requestHeading, detail.request),
      side(P.responseHeading, detail.response),
    );
  });
  return modal;
}
