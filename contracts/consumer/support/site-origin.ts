/**
 * The published sites' bundles (journal, merchant) call their own origin with relative paths;
 * these send such calls to the Pact mock server and put the provider's site address in a path.
 */
import { MatchersV3 } from '@pact-foundation/pact';

/** Stands for the address while a path is built: letters only, so the builder keeps it as is. */
const ADDRESS_MARK = 'PACTSITEADDRESS';

/**
 * A path of a site with the provider state's `name` value (its address) in it. The path
 * builders encode the address, so the placeholder is put in after building: an encoded
 * `${siteUrl}` would never be replaced by the provider's value.
 */
export const sitePathFromState = (
  build: (siteUrl: string) => string,
  example: string,
  name = 'siteUrl',
) =>
  MatchersV3.fromProviderState(
    build(ADDRESS_MARK).replace(ADDRESS_MARK, `\${${name}}`),
    build(example),
  );

/** Runs `call` with relative fetches sent to `origin` (the mock server). */
export async function onOrigin<T>(origin: string, call: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) =>
    realFetch(
      typeof input === 'string' && input.startsWith('/') ? `${origin}${input}` : input,
      init,
    );
  try {
    return await call();
  } finally {
    globalThis.fetch = realFetch;
  }
}
