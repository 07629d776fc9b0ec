import Cookies from 'js-cookie';
import type { Token } from '@contracts/api/entities';

/** The login answer is kept in this cookie as JSON (01 §3). */
export const TOKEN_COOKIE = 'token';

function isToken(value: unknown): value is Token {
  if (!value || typeof value !== 'object') return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.token === 'string' &&
    typeof t.masterToken === 'string' &&
    typeof t.userName === 'string' &&
    typeof t.module === 'string'
  );
}

/** Expiry (`exp`, seconds) of a JWT, when the token is one; otherwise undefined. */
export function jwtExpiry(jwt: string): Date | undefined {
  const payload = jwt.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? new Date(exp * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/** The stored token, or null when the cookie is missing or unreadable. */
export function readTokenCookie(): Token | null {
  const raw = Cookies.get(TOKEN_COOKIE);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isToken(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Stores the token. The cookie lives as long as the master token (the refresh credential):
 * past that the session cannot be renewed anyway. Without a readable expiry it is a session cookie.
 */
export function writeTokenCookie(token: Token): void {
  Cookies.set(TOKEN_COOKIE, JSON.stringify(token), {
    path: '/',
    sameSite: 'strict',
    secure: globalThis.location?.protocol === 'https:',
    expires: jwtExpiry(token.masterToken),
  });
}

/**
 * Removes the cookie when it still holds `own`, the session this tab ends. The cookie is shared
 * by every tab: once another tab has signed in (or renewed) and written its own token, ending an
 * older session here leaves that one alone, so the other tab's next load stays signed in.
 */
export function clearTokenCookie(own: Token | null): void {
  if (own !== null && readTokenCookie()?.token !== own.token) return;
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}
