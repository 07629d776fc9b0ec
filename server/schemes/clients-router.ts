/**
 * Clients of the scheme wizard (03 §3, §5 Client Setup, §7):
 *   GET  /gift-card/clients                      embedded `clients`
 *   GET  /gift-card/clients/{id}                 one client; 404 'Can not find client'
 *   POST /gift-card/clients?returnBody=true      create: 201 `{ status: 201, data }`
 *   PUT  /gift-card/clients/{id}?returnBody=true update: 200 `{ status: 200, data }`
 * Without returnBody=true, create and update answer `{ clientId }`.
 * A client with its own BIN (international or local) gets a card BIN of that number when none
 * exists (CLIENT_CARD_BIN_DEFAULTS), so its configuration has a BIN to use. The BIN of a client
 * whose scheme has a configuration cannot change (03 §4: locked once the config exists).
 */
import { type Router } from 'express';
import {
  CLIENT_CARD_BIN_DEFAULTS,
  SCHEME_EMBEDDED,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE as MESSAGE,
  hasOwnBin,
  type Client,
} from '@contracts/api/schemes';
import type { Data } from '../db/schema';
import type { Store } from '../db/store';
import { conflict } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { idParams, validate } from '../http/validate';
import { checkClient, clientHasConfig, findClient, nextId } from './scheme-rules';
import { clientBody, isTrue, returnBodyQuery } from './scheme-schemas';
import { recordedRouter } from '../http/route-table';

/** Adds the card BIN of a client's own BIN number when there is none yet. */
function ensureClientCardBin(data: Data, client: Client): void {
  if (!hasOwnBin(client)) return;
  if (data.cardBins.some((bin) => bin.number === client.binNumber)) return;
  data.cardBins.push({
    id: nextId(data.cardBins, (bin) => bin.id),
    number: client.binNumber,
    name: client.binName ?? client.clientName,
    ...CLIENT_CARD_BIN_DEFAULTS[client.binTypeId],
    flInternal: 0,
  });
}

const sameBin = (a: Client, b: Client) =>
  a.binTypeId === b.binTypeId && a.binNumber === b.binNumber && a.binCountryId === b.binCountryId;

export function createClientsRouter(store: Store): Router {
  const router = recordedRouter();

  router.get(SCHEME_PATHS.clients, validate({ query: pageQuery }), (req, res) => {
    const clients = [...store.read().clients].sort((a, b) => a.clientId - b.clientId);
    res.json(embeddedList(SCHEME_EMBEDDED.clients, clients, req.query));
  });

  router.get(SCHEME_PATHS.client(':id'), validate({ params: idParams }), (req, res) => {
    res.json(findClient(store.read(), req.params.id));
  });

  router.post(
    SCHEME_PATHS.clients,
    validate({ body: clientBody, query: returnBodyQuery }),
    async (req, res) => {
      const input = req.body;
      const client = await store.update((data) => {
        const created: Client = { clientId: nextId(data.clients, (c) => c.clientId), ...input };
        checkClient(data, created);
        ensureClientCardBin(data, created);
        data.clients.push(created);
        return created;
      });
      res
        .status(201)
        .json(
          isTrue(req.query.returnBody)
            ? { status: 201, data: client }
            : { clientId: client.clientId },
        );
    },
  );

  router.put(
    SCHEME_PATHS.client(':id'),
    validate({
      params: idParams,
      body: clientBody,
      query: returnBodyQuery,
      stored: ({ params }) => store.read().clients.find((c) => c.clientId === params.id),
    }),
    async (req, res) => {
      const { id } = req.params;
      const input = req.body;
      const client = await store.update((data) => {
        const stored = findClient(data, id);
        const updated: Client = { clientId: id, ...input };
        checkClient(data, updated);
        if (!sameBin(stored, updated) && clientHasConfig(data, id)) {
          throw conflict('binTypeId', MESSAGE.binLocked);
        }
        ensureClientCardBin(data, updated);
        data.clients[data.clients.findIndex((c) => c.clientId === id)] = updated;
        // Schemes keep a copy of their client's name (the /programs view and old records).
        for (const program of data.programs) {
          if (program.clientId === id) program.clientName = updated.clientName;
        }
        return updated;
      });
      res.json(
        isTrue(req.query.returnBody)
          ? { status: 200, data: client }
          : { clientId: client.clientId },
      );
    },
  );

  return router;
}
