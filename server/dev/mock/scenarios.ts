/** STUB (issue 12, helper S): scenarios and reset. */
import { Router } from 'express';

export interface Scenarios {
  router: Router;
}

export function createScenarios(_deps: unknown): Scenarios {
  return { router: Router() };
}
