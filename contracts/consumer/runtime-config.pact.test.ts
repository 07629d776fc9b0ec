/** @jest-environment node */
/**
 * The run-time configuration the admin app reads before it starts (spec README "One server,
 * three bases": the bases are read at run time from configuration served by the server), driven
 * through the client's real loader (client/src/lib/runtime-config.ts). Public: no token yet.
 *
 * Each field is matched by what the client does with it, never by this server's values: a base
 * is joined before a path (base-query.ts), a site host before a site's address
 * (site-environment.ts), a production host compared with the page's `host[:port]`.
 */
import { MatchersV3 } from '@pact-foundation/pact';
import type { RuntimeConfig } from '../api/entities';
import { RUNTIME_CONFIG_PATH } from '../api/paths';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import { JSON_ANSWER, newPact } from './support/pact';

const { atLeastLike, integer, regex, string } = MatchersV3;

/** A base: empty (the origin root), a path from the root, or an http(s) URL. */
const BASE = /^(https?:\/\/[^/\s]+)?(\/\S*)?$/.source;
/** A site host: empty (the admin app's own origin) or an http(s) URL. */
const SITE_HOST = /^(https?:\/\/[^/\s]+(\/\S*)?)?$/.source;

/** Another backend's layout, so the test shows the client takes what it is served. */
const EXAMPLE: RuntimeConfig = {
  apiBase: 'https://api.example/portal/api',
  urlBase: '/portal',
  merchantApiBase: '',
  inactivityLimitSeconds: 900,
  productionHosts: ['portal.example'],
  testSiteHost: 'https://sites-test.example',
  liveSiteHost: '',
};

describe('run-time configuration (spec README "One server, three bases")', () => {
  it('serves the bases, the inactivity limit and the site hosts the client starts with', async () => {
    const pact = newPact();
    pact
      .uponReceiving('a request for the run-time configuration')
      .withRequest({
        method: 'GET',
        path: RUNTIME_CONFIG_PATH,
        headers: { Accept: 'application/json' },
      })
      .willRespondWith({
        status: 200,
        headers: JSON_ANSWER,
        body: {
          apiBase: regex(BASE, EXAMPLE.apiBase),
          urlBase: regex(BASE, EXAMPLE.urlBase),
          merchantApiBase: regex(BASE, EXAMPLE.merchantApiBase),
          inactivityLimitSeconds: integer(EXAMPLE.inactivityLimitSeconds),
          // None is a production host by default: any number of them (one in the example).
          productionHosts: atLeastLike(string(EXAMPLE.productionHosts[0]), 0, 1),
          testSiteHost: regex(SITE_HOST, EXAMPLE.testSiteHost),
          liveSiteHost: regex(SITE_HOST, EXAMPLE.liveSiteHost),
        },
      });

    await pact.executeTest(async (mock) => {
      const config = await loadRuntimeConfig((input, init) =>
        fetch(`${mock.url}${String(input)}`, init),
      );
      expect(config).toEqual(EXAMPLE);
    });
  });
});
