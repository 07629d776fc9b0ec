/** Reading the published sites' JSON answers: failures become values, never exceptions. */
import type { SiteLoad } from './site-controller';

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body as JSON, or undefined when it is not JSON. */
export async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The error answer's message (`{errorCode, errorMessage}`), when it has one. */
export function errorMessageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.errorMessage === 'string' && body.errorMessage !== ''
    ? body.errorMessage
    : undefined;
}

/** GET as JSON; undefined when the server cannot be reached. */
export async function getJson(
  path: string,
): Promise<{ response: Response; body: unknown } | undefined> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' } });
  } catch {
    return undefined;
  }
  return { response, body: await jsonOf(response) };
}

/**
 * A published site's data: the site when the answer is one, `missing` for an unknown or
 * unpublished site (the server's message says which) or a malformed address (400: the page says
 * there is no site there), `failed` otherwise.
 */
export async function loadPublishedSite<S>(
  path: string,
  isSite: (body: unknown) => body is S,
): Promise<SiteLoad<S>> {
  const answer = await getJson(path);
  if (answer === undefined) return { kind: 'failed' };
  const { response, body } = answer;
  if (response.ok && isSite(body)) return { kind: 'site', site: body };
  if (response.status === 404) return { kind: 'missing', message: errorMessageOf(body) };
  if (response.status === 400) return { kind: 'missing', message: undefined };
  return { kind: 'failed' };
}
