/**
 * POST /myjournal/deployments `{ profileId }` (01 §7.3; the payload is not shown there): records
 * that a published profile went out, by whom and where. Answers 201 with the Deployment.
 */
import { type Router } from 'express';
import { JOURNAL_PATHS, type Deployment } from '@contracts/api/journal';
import { authOf } from '../auth/require-auth';
import type { Store } from '../db/store';
import { validate } from '../http/validate';
import { findProfile, nextId, requirePublished } from './journal-rules';
import { deploymentBody } from './journal-schemas';
import { recordedRouter } from '../http/route-table';

export function createJournalDeploymentsRouter(store: Store): Router {
  const router = recordedRouter();

  router.post(JOURNAL_PATHS.deployments, validate({ body: deploymentBody }), async (req, res) => {
    const { profileId } = req.body;
    const { userName } = authOf(req);
    const deployment = await store.update((data) => {
      // The profile is what gets deployed: an unknown one is a missing resource (404).
      const profile = findProfile(data, profileId);
      requirePublished(profile);
      const created: Deployment = {
        deploymentId: nextId(data.deployments, (d) => d.deploymentId),
        profileId,
        siteUrl: profile.siteUrl,
        location: profile.location,
        deployedAt: new Date().toISOString(),
        userName,
      };
      data.deployments.push(created);
      return created;
    });
    res.status(201).json(deployment);
  });

  return router;
}
