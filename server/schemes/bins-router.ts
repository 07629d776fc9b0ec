/**
 * Card BINs (03 §3, §4, §7):
 *   GET /gift-card/bins?flInternal=0|1          embedded `bins`; every BIN without the filter
 *   GET /gift-card/bins/{id}                    one BIN
 *   GET /gift-card/bins/{id}/extension-number   `{ singleValue }`: the next free extension base
 * The master BIN list offers internal BINs only (flInternal 1, 03 §3): the server answers every
 * BIN with its flag (a client's own BIN is needed too) and `?flInternal=1` narrows the list.
 */
import { type Router } from 'express';
import { SCHEME_EMBEDDED, SCHEME_PATHS, type SingleValue } from '@contracts/api/schemes';
import type { Store } from '../db/store';
import { embeddedList } from '../http/pagination';
import { idParams, validate } from '../http/validate';
import { extensionBase, findBin } from './scheme-rules';
import { binListQuery } from './scheme-schemas';
import { recordedRouter } from '../http/route-table';

export function createBinsRouter(store: Store): Router {
  const router = recordedRouter();

  router.get(SCHEME_PATHS.bins, validate({ query: binListQuery }), (req, res) => {
    const { flInternal } = req.query;
    const bins = store
      .read()
      .cardBins.filter((bin) => flInternal === undefined || bin.flInternal === flInternal)
      .toSorted((a, b) => a.id - b.id);
    res.json(embeddedList(SCHEME_EMBEDDED.bins, bins, req.query));
  });

  router.get(SCHEME_PATHS.bin(':id'), validate({ params: idParams }), (req, res) => {
    res.json(findBin(store.read(), req.params.id));
  });

  router.get(SCHEME_PATHS.binExtensionNumber(':id'), validate({ params: idParams }), (req, res) => {
    const data = store.read();
    findBin(data, req.params.id);
    const answer: SingleValue = { singleValue: extensionBase(data, req.params.id) };
    res.json(answer);
  });

  return router;
}
