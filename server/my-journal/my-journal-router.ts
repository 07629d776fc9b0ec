/** The MyJournal calls on the API base (01 §7.3), mounted behind the token check in app.ts. */
import { type Router } from 'express';
import type { Store } from '../db/store';
import type { UnusedImages } from '../images/unused-images';
import { createJournalDeploymentsRouter } from './journal-deployments-router';
import { createJournalPagesRouter } from './journal-pages-router';
import { createJournalProfilesRouter } from './journal-profiles-router';
import { recordedRouter } from '../http/route-table';

export function createMyJournalRouter(store: Store, images: UnusedImages): Router {
  return recordedRouter().use(
    createJournalProfilesRouter(store, images),
    createJournalPagesRouter(store),
    createJournalDeploymentsRouter(store),
  );
}
