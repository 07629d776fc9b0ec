import { useLocation } from 'react-router-dom';
import { paths, stateNameOf, stateStartsWith } from '@/config/paths';
import { useStoreShape, type StoreShape } from '@/lib/api/store-shape';
import type { Bank, CardBin, Client, Scheme } from '@contracts/api/schemes';
import {
  useBanksQuery,
  useBinsQuery,
  useSchemeClientsQuery,
  useSchemesQuery,
} from '../api/schemes-api';
import { AREA_PROGRAM_TYPE, type SchemeArea } from '../lib/wizard-steps';

/** Which area the current route is in: gift when its state starts with main.gift (03 §2). */
export function useSchemeArea(): SchemeArea {
  const { pathname } = useLocation();
  return stateStartsWith(stateNameOf(pathname), paths.gift.name) ? 'gift' : 'loyalty';
}

/** A query has answered, with data or with an error. */
const settled = (query: { isSuccess: boolean; isError: boolean }) =>
  query.isSuccess || query.isError;

export interface AreaData {
  clients: StoreShape<Client[]>;
  /** The area's schemes of known clients (03 §7: only schemes of known clients are kept). */
  schemes: StoreShape<Scheme[]>;
  banks: StoreShape<Bank[]>;
  bins: StoreShape<CardBin[]>;
  /** True until all four loads have answered, whether they succeeded or not (03 §2). */
  loading: boolean;
}

/**
 * What either area loads on entry, in the order 03 §2 gives: clients, then the area's schemes
 * (program type 1 or 3), then banks, then card BINs; each starts once the one before it has
 * answered. The answers are cached, so the dashboard and the wizard of an area share them.
 */
export function useAreaData(area: SchemeArea): AreaData {
  const clientsQuery = useSchemeClientsQuery();
  const schemesQuery = useSchemesQuery(AREA_PROGRAM_TYPE[area], { skip: !settled(clientsQuery) });
  const banksQuery = useBanksQuery(undefined, { skip: !settled(schemesQuery) });
  const binsQuery = useBinsQuery(undefined, { skip: !settled(banksQuery) });

  const clients = useStoreShape(clientsQuery);
  const rawSchemes = useStoreShape(schemesQuery);
  const banks = useStoreShape(banksQuery);
  const bins = useStoreShape(binsQuery);

  const known = clients.data ? new Set(clients.data.map((client) => client.clientId)) : null;
  const schemes: StoreShape<Scheme[]> = {
    ...rawSchemes,
    data: rawSchemes.data?.filter(
      (scheme) =>
        scheme.programTypeId === AREA_PROGRAM_TYPE[area] && (!known || known.has(scheme.clientId)),
    ),
  };
  return { clients, schemes, banks, bins, loading: !settled(binsQuery) };
}
