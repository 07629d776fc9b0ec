import type { Verifier } from '@pact-foundation/pact';
import { STATE } from './states';

type StateHandlers = NonNullable<ConstructorParameters<typeof Verifier>[0]['stateHandlers']>;
/** What a state answers: the values pact injects (`fromProviderState`). */
type StateValues = Record<string, string | number>;

/**
 * State handlers that set every named state up at a provider-state endpoint (pact's
 * state-change protocol: POST `{ state, params, action }`, answering the values to inject).
 * pact-js runs them through its own proxy; its `providerStatesSetupUrl` option does the same but
 * is deprecated.
 */
export function forwardingStateHandlers(url: string): StateHandlers {
  const forward = async (state: string, params: unknown): Promise<StateValues> => {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ state, params: params ?? {}, action: 'setup' }),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`state "${state}" failed with HTTP ${answer.status}: ${text}`);
    return JSON.parse(text) as StateValues;
  };
  return {
    // An interaction without a state arrives as the state "": nothing to set up.
    '': () => Promise.resolve(undefined),
    ...Object.fromEntries(
      Object.values(STATE).map((state) => [state, (params?: unknown) => forward(state, params)]),
    ),
  };
}
