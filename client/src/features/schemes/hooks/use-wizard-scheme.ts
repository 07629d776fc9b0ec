import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParams } from 'react-router-dom';
import type { Client, Config, FinancialSettlement, Scheme } from '@contracts/api/schemes';
import { useStoreShape, type StoreShape } from '@/lib/api/store-shape';
import {
  useConfigurationQuery,
  useSchemeClientsQuery,
  useSchemeQuery,
  useSettlementQuery,
} from '../api/schemes-api';

/** A positive whole number from a query parameter, else null. */
function idParam(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The wizard's ids from the route: `id` is the scheme (programId, 03 §2). Before a scheme
 * exists, Client Setup passes the chosen client to General Settings as `clientId` (not in the
 * spec, which keeps it in an in-memory store; in the route it survives a refresh).
 */
export function useWizardIds(): { id: number | null; clientId: number | null } {
  const [params] = useSearchParams();
  return { id: idParam(params.get('id')), clientId: idParam(params.get('clientId')) };
}

/** A record read again whenever a step using it opens (one read when several open at once). */
const FRESH = { refetchOnMountOrArgChange: true } as const;

export interface WizardScheme {
  id: number | null;
  scheme: StoreShape<Scheme>;
  /** The scheme's client, or (before a scheme exists) the client chosen on Client Setup. */
  client: Client | undefined;
  clients: StoreShape<Client[]>;
  /** null: the scheme has no configuration yet (404); undefined: not known (yet). */
  config: StoreShape<Config | null>;
  settlement: StoreShape<FinancialSettlement | null>;
  /** The config is known to exist: every tab opens (03 §2). */
  hasConfig: boolean;
  /** With an id: scheme, client, config or financial data are loading for the first time (03 §2). */
  loading: boolean;
}

/**
 * What every step of the wizard reads: the scheme of the route's id, its client, its config and
 * its financial settlement. Cached queries, so each step calling this shares one load; each
 * step read again when it opens (another operator may have saved since), the cached answer shown
 * meanwhile.
 */
export function useWizardScheme(): WizardScheme {
  const { id, clientId } = useWizardIds();
  const schemeQuery = useSchemeQuery(id ?? skipToken, FRESH);
  const configQuery = useConfigurationQuery(id ?? skipToken, FRESH);
  const settlementQuery = useSettlementQuery(id ?? skipToken, FRESH);
  const clientsQuery = useSchemeClientsQuery();

  // currentData: an answer for this id only, never the previous scheme's.
  const scheme = useStoreShape({ ...schemeQuery, data: schemeQuery.currentData });
  const config = useStoreShape({ ...configQuery, data: configQuery.currentData });
  const settlement = useStoreShape({ ...settlementQuery, data: settlementQuery.currentData });
  const clients = useStoreShape(clientsQuery);

  const wantedClient = id !== null ? scheme.data?.clientId : clientId;
  const client = clients.data?.find((each) => each.clientId === wantedClient);
  const loading =
    id !== null &&
    (clientsQuery.isLoading ||
      schemeQuery.isLoading ||
      configQuery.isLoading ||
      settlementQuery.isLoading);

  return {
    id,
    scheme,
    client,
    clients,
    config,
    settlement,
    hasConfig: config.data !== undefined && config.data !== null,
    loading,
  };
}
