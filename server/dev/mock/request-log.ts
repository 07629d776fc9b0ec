/** STUB (issue 12, helper L): the request log and the /__mock page. */
import { Router } from 'express';
import type { RequestRecord } from '../../http/logging';

export interface RequestLog {
  record: (entry: RequestRecord) => void;
  router: Router;
}

export function createRequestLog(_deps: unknown): RequestLog {
  return { record: () => undefined, router: Router() };
}
