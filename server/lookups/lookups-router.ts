/**
 * Read-only lookups (01 §3, §7.2; 03 §7): embedded lists of `{ id, value }` items.
 * Paged with ?page=&pageSize= like every list.
 */
import { type Router } from 'express';
import { z } from 'zod';
import type { LookupItem } from '@contracts/api/entities';
import { API_PATHS, EMBEDDED } from '@contracts/api/paths';
import type { Snapshot, Store } from '../db/store';
import { notFound } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { positiveInt, validate } from '../http/validate';
import { recordedRouter } from '../http/route-table';

/** Path → embedded name and the collection it lists. */
const SIMPLE_LOOKUPS: readonly {
  path: string;
  name: string;
  items: (data: Snapshot) => readonly LookupItem[];
}[] = [
  { path: API_PATHS.countries, name: EMBEDDED.countries, items: (data) => data.countries },
  {
    path: API_PATHS.transactionMethods,
    name: EMBEDDED.transactionMethods,
    items: (data) => data.transactionMethods,
  },
  { path: API_PATHS.expiryTypes, name: EMBEDDED.expiryTypes, items: (data) => data.expiryTypes },
  { path: API_PATHS.expiryTerms, name: EMBEDDED.expiryTerms, items: (data) => data.expiryTerms },
  { path: API_PATHS.programTypes, name: EMBEDDED.programTypes, items: (data) => data.programTypes },
];

const countryParams = z.object({ countryId: positiveInt });

export function createLookupsRouter(store: Store): Router {
  const router = recordedRouter();

  for (const lookup of SIMPLE_LOOKUPS) {
    router.get(lookup.path, validate({ query: pageQuery }), (req, res) => {
      res.json(embeddedList(lookup.name, lookup.items(store.read()), req.query));
    });
  }

  router.get(
    API_PATHS.countryStates(':countryId'),
    validate({ params: countryParams, query: pageQuery }),
    (req, res) => {
      const { countryId } = req.params;
      const data = store.read();
      if (!data.countries.some((country) => country.id === countryId)) {
        throw notFound(`Country ${countryId} not found`);
      }
      const states = data.states.filter((state) => state.countryId === countryId);
      res.json(embeddedList(EMBEDDED.states, states, req.query));
    },
  );

  return router;
}
