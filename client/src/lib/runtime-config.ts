import { RUNTIME_CONFIG_PATH } from '@contracts/api/paths';
import type { RuntimeConfig } from '@contracts/api/entities';
import { DEFAULT_RUNTIME_CONFIG } from '@/lib/store/config-slice';

/**
 * Reads the run-time configuration (the three bases and limits) served by the server, so one
 * build runs against any backend. Missing fields keep the server's defaults; an unreachable or
 * broken /config.json falls back to the defaults entirely (and says so in the console).
 */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchFn(RUNTIME_CONFIG_PATH, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as Partial<RuntimeConfig>;
    return { ...DEFAULT_RUNTIME_CONFIG, ...body };
  } catch (error) {
    console.warn(`Could not load ${RUNTIME_CONFIG_PATH}; using the default configuration.`, error);
    return DEFAULT_RUNTIME_CONFIG;
  }
}
