import { useEffect } from 'react';
import { DIALOG_TEXT } from '@contracts/api/messages';
import { dialogs } from '@/lib/dialogs/dialog-service';
import { endSession, storeToken } from '@/lib/session/session-thunks';
import { selectInactivityLimit } from '@/lib/store/config-slice';
import { useAppDispatch, useAppSelector, useAppStore } from '@/lib/store/hooks';
import { selectToken } from '@/lib/store/session-slice';
import { refreshApi } from '../api/auth-api';

/** What counts as user activity. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
const TICK_MS = 1000;
/**
 * Also renew shortly before the short-lived token expires while the user is active: the spec's
 * monitor only renews after inactivity, which would log an active user out when the token
 * (15 min by default) runs out.
 */
const RENEW_BEFORE_EXPIRY_MS = 30_000;

/**
 * The inactivity monitor (01 §4.1): mounted by the main layout only, so it is stopped whenever
 * the login screen shows. Counts seconds since the last user activity, checking every second;
 * past the configured limit it stops and refreshes the token with the master token. Success
 * stores the new token and restarts; failure shows "Timeout" / "You have to re-authenticate!"
 * and ends the session (which sends the user to login, keeping the open form's unsaved values).
 */
export function useSessionMonitor(): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const limitSeconds = useAppSelector(selectInactivityLimit);

  useEffect(() => {
    let idleSeconds = 0;
    let timer: number | undefined;
    let disposed = false;
    // One early renewal per token, so a skewed clock cannot cause a renewal every second.
    let renewedEarlyFor: string | null = null;

    const onActivity = () => {
      idleSeconds = 0;
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      idleSeconds = 0;
      timer = window.setInterval(tick, TICK_MS);
    };

    async function renew() {
      const token = selectToken(store.getState());
      if (!token) return;
      try {
        const next = await dispatch(
          refreshApi.endpoints.refreshToken.initiate({
            masterToken: token.masterToken,
            moduleCode: token.module,
          }),
        ).unwrap();
        if (disposed) return;
        dispatch(storeToken(next));
        start();
      } catch {
        if (disposed) return;
        void dialogs.error(DIALOG_TEXT.timeoutTitle, DIALOG_TEXT.timeoutMessage);
        dispatch(endSession());
      }
    }

    function tick() {
      idleSeconds += 1;
      const token = selectToken(store.getState());
      const expiresAt = token ? Date.parse(token.expiration) : Number.NaN;
      const expiring =
        token !== null &&
        token.token !== renewedEarlyFor &&
        expiresAt - Date.now() < RENEW_BEFORE_EXPIRY_MS;
      if (expiring) renewedEarlyFor = token.token;
      if (idleSeconds > limitSeconds || expiring) {
        stop();
        void renew();
      }
    }

    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    start();
    return () => {
      disposed = true;
      stop();
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, onActivity, { capture: true });
      }
    };
  }, [dispatch, store, limitSeconds]);
}
