/** STUB (issue 12, helper F): latency and faults. */
import { Router, type RequestHandler } from 'express';

export interface Faults {
  beforeRoutes: RequestHandler;
  router: Router;
}

export function createFaults(_deps: unknown): Faults {
  return { beforeRoutes: (_req, _res, next) => next(), router: Router() };
}
