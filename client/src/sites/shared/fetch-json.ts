/** Reading the published sites' JSON answers: failures become values, never exceptions. */

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
