/**
 * Journal pages and page types (01 §3, §4.3, §7.3):
 *   POST /myjournal/pages?returnBody=true           create (201); one page per type per profile
 *   PUT  /myjournal/pages/{pageId}?returnBody=true  update (200)
 *   GET  /myjournal/pageTypes?page&pageSize         embedded `pageTypes`
 * Without returnBody=true, create and update answer `{ pageId }`. A page of a mandatory type
 * (Login) is never sent disabled (01 §4.3: always selected).
 *
 * A page is saved against the ETag of its profile's pages, which the profile's page list answers
 * (`profilePagesRecord`, server/http/record-etag.ts): a create or an update with If-Match is
 * refused (412, nothing written) when any page of the profile changed since that read, and
 * every written create or update answers the pages' new ETag, so the same screen's next save
 * goes with it. The editors send the whole page back as they read it, so a save from a screen
 * opened earlier would otherwise undo another operator's newer save of the page (and drop the
 * images its HTML names: server/images/unused-images.ts). 01 §7.3 reads pages only as the
 * profile's list, so the list is the record: a save is also refused after another operator
 * saved another page of the same profile, and the screen reads the list again.
 */
import { type Router } from 'express';
import { z } from 'zod';
import { JOURNAL_EMBEDDED, JOURNAL_PATHS, type JournalPage } from '@contracts/api/journal';
import type { Store } from '../db/store';
import { conflict, notFound, validationError } from '../http/errors';
import { embeddedList, pageQuery } from '../http/pagination';
import { requireCurrentRecord, setRecordEtag } from '../http/record-etag';
import { marksConditionalUpdate } from '../http/route-docs';
import { positiveInt, validate } from '../http/validate';
import {
  nextId,
  profilePagesRecord,
  requireMandatoryPageEnabled,
  requireProfileReference,
} from './journal-rules';
import { newPageBody, pageUpdateBody, returnBodyQuery, wantsBody } from './journal-schemas';
import { recordedRouter } from '../http/route-table';

const pageParams = z.object({ pageId: positiveInt });

export function createJournalPagesRouter(store: Store): Router {
  const router = recordedRouter();

  router.post(
    JOURNAL_PATHS.pages,
    marksConditionalUpdate(validate({ body: newPageBody, query: returnBodyQuery })),
    async (req, res) => {
      const input = req.body;
      const { page, pages } = await store.update((data) => {
        if (!data.journalPageTypes.some((type) => type.pageTypeId === input.pageTypeId)) {
          throw validationError('pageTypeId', `Page type ${input.pageTypeId} does not exist`);
        }
        requireProfileReference(data, input.profileId);
        requireCurrentRecord(req, profilePagesRecord(data, input.profileId));
        requireMandatoryPageEnabled(data, input);
        // Page selection enables or disables a type's page, never adds a second (01 §4.3).
        const duplicate = data.journalPages.some(
          (p) => p.profileId === input.profileId && p.pageTypeId === input.pageTypeId,
        );
        if (duplicate) {
          throw conflict(
            'pageTypeId',
            `Profile ${input.profileId} already has a page of type ${input.pageTypeId}`,
          );
        }
        const created: JournalPage = {
          pageId: nextId(data.journalPages, (p) => p.pageId),
          pageTypeId: input.pageTypeId,
          profileId: input.profileId,
          enabled: input.enabled ?? 1,
          title: input.title ?? null,
          content: input.content ?? null,
          navItem: input.navItem ?? null,
        };
        data.journalPages.push(created);
        return { page: created, pages: profilePagesRecord(data, input.profileId) };
      });
      setRecordEtag(res, pages);
      res.status(201).json(wantsBody(req.query) ? page : { pageId: page.pageId });
    },
  );

  router.put(
    JOURNAL_PATHS.page(':pageId'),
    marksConditionalUpdate(
      validate({
        params: pageParams,
        body: pageUpdateBody,
        query: returnBodyQuery,
        stored: ({ params }) => store.read().journalPages.find((p) => p.pageId === params.pageId),
      }),
    ),
    async (req, res) => {
      const { pageId } = req.params;
      // The path names the page: the body's pageId (the client sends the whole page) is not taken.
      const { pageId: _pageId, ...changes } = req.body;
      const { page, pages } = await store.update((data) => {
        const index = data.journalPages.findIndex((p) => p.pageId === pageId);
        const stored = data.journalPages[index];
        if (stored === undefined) throw notFound(`Page ${pageId} not found`);
        requireCurrentRecord(req, profilePagesRecord(data, stored.profileId));
        // A page stays the page of its type and profile; moving it would break "one per type".
        for (const field of ['pageTypeId', 'profileId'] as const) {
          const sent = changes[field];
          if (sent !== undefined && sent !== stored[field]) {
            throw validationError(field, `Must be ${stored[field]}, as stored for page ${pageId}`);
          }
        }
        requireMandatoryPageEnabled(data, {
          pageTypeId: stored.pageTypeId,
          enabled: changes.enabled,
        });
        const updated: JournalPage = { ...stored, ...changes };
        data.journalPages[index] = updated;
        return { page: updated, pages: profilePagesRecord(data, stored.profileId) };
      });
      setRecordEtag(res, pages);
      res.json(wantsBody(req.query) ? page : { pageId: page.pageId });
    },
  );

  router.get(JOURNAL_PATHS.pageTypes, validate({ query: pageQuery }), (req, res) => {
    res.json(embeddedList(JOURNAL_EMBEDDED.pageTypes, store.read().journalPageTypes, req.query));
  });

  return router;
}
