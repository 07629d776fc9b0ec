/**
 * Where the server mounts each base. The bases told to the client (config.json) may differ;
 * the server itself always serves the API and merchant bases at /api and the URL base at the
 * origin root (spec README "One server, three bases").
 */
export const API_MOUNT = '/api';
export const URL_MOUNT = '';

/**
 * The path (or URL: a query may follow) is under the API mount: `/api`, `/api/...`, `/api?...`,
 * in any case, as express routes without regard to case. Raw, like express's own matching:
 * `/%61pi` is not the API.
 */
export function isApiPath(url: string): boolean {
  const n = API_MOUNT.length;
  if (url.length < n || url.slice(0, n).toLowerCase() !== API_MOUNT) return false;
  const next = url.charCodeAt(n);
  return Number.isNaN(next) || next === 0x2f /* / */ || next === 0x3f; /* ? */
}
