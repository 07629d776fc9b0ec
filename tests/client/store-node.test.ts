/**
 * @jest-environment node
 */
import type { Token } from '@contracts/api/entities';
import { clearSession, storeToken } from '@/lib/session/session-thunks';
import { makeStore } from '@/lib/store/store';

// The store also runs outside a browser (the pact consumer tests drive it in node).
const token: Token = {
  token: 't',
  module: 'THQ',
  masterToken: 'm',
  expiration: '2030-01-01T00:00:00.000Z',
  userName: 'admin',
  userType: 'ADMIN',
};

it('builds, signs in and clears a session without window, document or sessionStorage', () => {
  const error = jest.spyOn(console, 'error');
  const store = makeStore();
  store.dispatch(storeToken(token));
  expect(store.getState().session.token).toEqual(token);
  store.dispatch(clearSession());
  expect(store.getState().session.token).toBeNull();
  expect(makeStore(undefined, { persist: true }).getState().session.token).toBeNull();
  expect(error).not.toHaveBeenCalled();
  error.mockRestore();
});
