/**
 * The developer tools' scenario switch and reset (docs/developer-tools.md): the /__mock page of
 * the same origin posts on MOCK_DATA_CHANNEL once the server's data is replaced. A tab of the
 * portal then drops every cached answer (every RTK Query cache; the screens on show read theirs
 * again) and says so. What the operator typed is not lost: a form's unsaved changes are kept as
 * when a session ends by itself (session-draft.ts), and put back on top of the new data, with
 * their own notice, when the form shows again.
 */
import type { Dispatch } from '@reduxjs/toolkit';
import type { Token } from '@contracts/api/entities';
import {
  isDataReplacedMessage,
  isScenarioName,
  MOCK_DATA_CHANNEL,
  type ScenarioName,
} from '@contracts/api/mock-scenarios';
import { apiSlices } from '@/lib/api/api-slices';
import { anyUnsavedForm, keepDraft } from './session-draft';

export interface DataReplaced {
  /**
   * The scenario the server's data now holds, when the message names a built-in one; null for
   * any other name (a recorded scenario's, or text a page of the origin chose).
   */
  scenario: ScenarioName | null;
  /** A form's unsaved changes were kept for when it shows again. */
  changesKept: boolean;
  /** What had the keyboard focus when the word came (the cache reset may remove it). */
  focused: Element | null;
}

/**
 * Listens for the /__mock page's word (nothing happens where BroadcastChannel is missing);
 * returns the end of it. `token` is the session's token now (null signed out).
 */
export function listenForReplacedData(
  dispatch: Dispatch,
  token: () => Token | null,
  replaced: (what: DataReplaced) => void,
): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(MOCK_DATA_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const message: unknown = event.data;
    if (!isDataReplacedMessage(message)) return;
    const focused = document.activeElement;
    const current = token();
    // While the forms are mounted: the cache reset below unmounts them (their screens load).
    const changesKept = current !== null && anyUnsavedForm();
    if (changesKept) keepDraft(current.userName);
    for (const slice of apiSlices) dispatch(slice.util.resetApiState());
    const scenario = isScenarioName(message.scenario) ? message.scenario : null;
    replaced({ scenario, changesKept, focused });
  };
  return () => channel.close();
}
