import type { RuntimeConfig } from '@contracts/api/entities';
import { selectRuntimeConfig } from '@/lib/store/config-slice';
import { useAppSelector } from '@/lib/store/hooks';

/**
 * Where the admin app runs decides where sites publish (01 §4.2, 02 §4; spec README
 * "Environment"): location 1 when it is opened from a host listed as production, else 0 (a
 * test host or a local one).
 */
export type SiteLocation = 0 | 1;

export function siteLocationOf(
  config: Pick<RuntimeConfig, 'productionHosts'>,
  host: string,
): SiteLocation {
  const normalised = host.toLowerCase();
  return config.productionHosts.some((candidate) => candidate.toLowerCase() === normalised) ? 1 : 0;
}

/** The host a site of that location is served from; '' (the default) means this origin. */
export function siteHostOf(
  config: Pick<RuntimeConfig, 'testSiteHost' | 'liveSiteHost'>,
  location: SiteLocation,
  origin: string,
): string {
  const configured = location === 1 ? config.liveSiteHost : config.testSiteHost;
  return (configured || origin).replace(/\/+$/, '');
}

export interface SiteEnvironment {
  location: SiteLocation;
  /** Base of published-site links in this environment, e.g. `http://localhost:3000`. */
  siteHost: string;
  /**
   * Test and live sites are served from one host (the default: the mock server itself), so a
   * site's test address is public wherever the operator works from.
   */
  oneSiteHost: boolean;
  /** "Production" or "Test" (01 §2.10 publish target). */
  targetLabel: 'Production' | 'Test';
}

export function siteEnvironmentOf(
  config: RuntimeConfig,
  where: Pick<Location, 'host' | 'origin'>,
): SiteEnvironment {
  const location = siteLocationOf(config, where.host);
  return {
    location,
    siteHost: siteHostOf(config, location, where.origin),
    oneSiteHost: siteHostOf(config, 0, where.origin) === siteHostOf(config, 1, where.origin),
    targetLabel: location === 1 ? 'Production' : 'Test',
  };
}

/** The environment of the running admin app. */
export function useSiteEnvironment(): SiteEnvironment {
  const config = useAppSelector(selectRuntimeConfig);
  return siteEnvironmentOf(config, window.location);
}
