/**
 * Schemes (programs) of the wizard's General Settings step (03 §3, §5 General, §7):
 *   GET  /gift-card/schemes?programTypeId=1|3     embedded `programs`: schemes of known clients
 *   GET  /gift-card/schemes/{id}                  one scheme
 *   POST /gift-card/schemes?returnBody=true       create (201), status 1
 *   PUT  /gift-card/schemes/{id}?returnBody=true  update (200)
 * Without returnBody=true, create and update answer `{ programId }`. The power-user password is
 * stored only as a slow salted hash and never answered; on update it may be left out to keep it.
 * The read answers a strong ETag; an update with If-Match is refused (412) when the scheme
 * changed since (server/http/record-etag.ts). An image (buttonImgUrl, logoImgUrl) an update
 * stops naming is deleted once no record names it (server/images/unused-images.ts).
 * Schemes are the one program store (spec README): /programs is another view of the same records.
 */
import { type Router } from 'express';
import {
  SCHEME_EMBEDDED,
  SCHEME_PATHS,
  SCHEME_SERVER_MESSAGE as MESSAGE,
  SCHEME_STATUS,
} from '@contracts/api/schemes';
import { hashPassword } from '../auth/passwords';
import type { Store } from '../db/store';
import { droppedImageIds } from '../images/image-references';
import type { UnusedImages } from '../images/unused-images';
import { validationError } from '../http/errors';
import { embeddedList } from '../http/pagination';
import { setRecordEtag, requireCurrentRecord } from '../http/record-etag';
import { marksConditionalUpdate, marksRecordRead } from '../http/route-docs';
import { idParams, validate } from '../http/validate';
import {
  checkScheme,
  findScheme,
  nextId,
  raiseStatus,
  schemeRecord,
  toScheme,
} from './scheme-rules';
import {
  isTrue,
  newSchemeBody,
  returnBodyQuery,
  schemeListQuery,
  schemeUpdateBody,
} from './scheme-schemas';
import { recordedRouter } from '../http/route-table';

export interface SchemesRouterOptions {
  store: Store;
  /** scrypt cost of the power-user password hash (PASSWORD_HASH_COST). */
  passwordHashCost: number;
  /** Deletes the images a save stopped naming once nothing names them. */
  images: UnusedImages;
}

const clientNameOf = (data: ReturnType<Store['read']>, clientId: number) =>
  data.clients.find((client) => client.clientId === clientId)?.clientName ?? '';

export function createSchemesRouter({
  store,
  passwordHashCost,
  images,
}: SchemesRouterOptions): Router {
  const router = recordedRouter();

  router.get(SCHEME_PATHS.schemes, validate({ query: schemeListQuery }), (req, res) => {
    const { programTypeId } = req.query;
    const data = store.read();
    const clientIds = new Set(data.clients.map((client) => client.clientId));
    const schemes = data.programs
      .filter(
        (program) =>
          clientIds.has(program.clientId) &&
          (programTypeId === undefined || program.programTypeId === programTypeId),
      )
      .map((program) => toScheme(data, program))
      .sort((a, b) => a.programId - b.programId);
    res.json(embeddedList(SCHEME_EMBEDDED.schemes, schemes, req.query));
  });

  router.get(
    SCHEME_PATHS.scheme(':id'),
    marksRecordRead(validate({ params: idParams })),
    (req, res) => {
      const data = store.read();
      const scheme = toScheme(data, findScheme(data, req.params.id));
      setRecordEtag(res, scheme);
      res.json(scheme);
    },
  );

  router.post(
    SCHEME_PATHS.schemes,
    validate({ body: newSchemeBody, query: returnBodyQuery }),
    async (req, res) => {
      const input = req.body;
      // Checked before the slow hash, and again with the data inside the update.
      checkScheme(store.read(), input);
      const hash = await hashPassword(input.poweruserPassword ?? '', passwordHashCost);
      const record = await store.update((data) => {
        checkScheme(data, input);
        const created = schemeRecord(
          input,
          nextId(data.programs, (p) => p.programId),
          clientNameOf(data, input.clientId),
          SCHEME_STATUS.GENERAL,
          hash,
        );
        data.programs.push(created);
        return created;
      });
      const scheme = toScheme(store.read(), record);
      if (isTrue(req.query.returnBody)) setRecordEtag(res, scheme);
      res.status(201).json(isTrue(req.query.returnBody) ? scheme : { programId: scheme.programId });
    },
  );

  router.put(
    SCHEME_PATHS.scheme(':id'),
    marksConditionalUpdate(
      validate({
        params: idParams,
        body: schemeUpdateBody,
        query: returnBodyQuery,
        stored: ({ params }) => store.read().programs.find((p) => p.programId === params.id),
      }),
    ),
    async (req, res) => {
      const { id } = req.params;
      const input = req.body;
      const checkAgainst = (data: ReturnType<Store['read']>) => {
        const stored = findScheme(data, id);
        if (input.programTypeId !== stored.programTypeId) {
          throw validationError('programTypeId', MESSAGE.programTypeFixed);
        }
        if (input.clientId !== stored.clientId) {
          throw validationError('clientId', MESSAGE.clientFixed);
        }
        checkScheme(data, input);
        return stored;
      };
      const checkCurrent = (data: ReturnType<Store['read']>) =>
        requireCurrentRecord(req, toScheme(data, findScheme(data, id)));
      checkCurrent(store.read());
      checkAgainst(store.read());
      const newPassword = input.poweruserPassword ? input.poweruserPassword : undefined;
      const hash =
        newPassword === undefined ? undefined : await hashPassword(newPassword, passwordHashCost);
      const { record, dropped } = await store.update((data) => {
        checkCurrent(data);
        const stored = checkAgainst(data);
        // The one status a scheme update sets from its body: Stores & Devices saved (or skipped)
        // reports 3, and only once the configuration is saved (status 2 or more); every other
        // status comes from its own step's save. A status never goes down.
        const uploadDone =
          input.schemeStatus === SCHEME_STATUS.UPLOAD &&
          stored.schemeStatus >= SCHEME_STATUS.CONFIG;
        const updated = schemeRecord(
          input,
          id,
          clientNameOf(data, input.clientId),
          raiseStatus(
            stored.schemeStatus,
            uploadDone ? SCHEME_STATUS.UPLOAD : SCHEME_STATUS.GENERAL,
          ),
          hash ?? stored.poweruserPasswordHash ?? null,
        );
        // Only the review mail sets it (server/mail); an edit keeps it.
        updated.reviewSentAt = stored.reviewSentAt ?? null;
        data.programs[data.programs.findIndex((p) => p.programId === id)] = updated;
        return { record: updated, dropped: droppedImageIds(stored, updated) };
      });
      await images.release(dropped);
      const scheme = toScheme(store.read(), record);
      if (isTrue(req.query.returnBody)) setRecordEtag(res, scheme);
      res.json(isTrue(req.query.returnBody) ? scheme : { programId: scheme.programId });
    },
  );

  return router;
}
