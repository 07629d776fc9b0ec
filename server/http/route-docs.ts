/**
 * What a route declares about itself, for the OpenAPI document (server/dev/mock/openapi.ts;
 * docs/developer-tools.md, "OpenAPI document"). Every declaration is a property attached once to
 * a handler when the router is built, never read while answering a call: it costs nothing per
 * request.
 *
 * - `validate({...})` (validate.ts) declares the schemas it checks; `readMultipart` (multipart.ts)
 *   the upload's field and size limit.
 * - A route without those declares what it reads with `declareInput` (a path parameter it
 *   checks by hand with the same schema) or `noInput` (nothing: no parameter, query or body).
 * - `requireAuth` marks itself: the routes behind it need the bearer token.
 * - The conditional saves of the scheme wizard's and the site builders' records (record-etag.ts)
 *   mark one handler of the route, its `validate(...)` (which keeps the next handler's typed
 *   request):
 *   `marksRecordRead` a read that answers the record's strong ETag, `marksConditionalUpdate` an
 *   update that takes `If-Match`, answers 412 when it fails, and answers the new ETag.
 * - The document walks the routes declared on the app's routers (route-table.ts), the ones that
 *   dispatch the calls.
 *
 * A route with no declaration at all is named by the OpenAPI test (tests/server/mock).
 */
import type { z } from 'zod';

/** A multipart/form-data upload: the file part's name and largest size. */
export interface MultipartInput {
  field: string;
  maxBytes: number;
}

/** The input a route reads; `{}` declares that it reads none. */
export interface RouteInput {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: MultipartInput;
  /** Request headers the route reads, as an object schema (names as sent). */
  headers?: z.ZodType;
  /** The success answer's body, where a schema of it exists (none is written only for this). */
  answer?: z.ZodType;
}

const ROUTE_INPUT = Symbol('route input');
const REQUIRES_TOKEN = Symbol('requires token');
const RECORD_ETAG = Symbol('record etag');

/** A route's part in the conditional saves (record-etag.ts): the record's read or its update. */
export type RecordEtagUse = 'read' | 'update';

interface Declared {
  [ROUTE_INPUT]?: RouteInput;
  [REQUIRES_TOKEN]?: true;
  [RECORD_ETAG]?: RecordEtagUse;
}

/** Adds `input` to what `handler` declares (several handlers of one route each add theirs). */
export function declareInput<H extends object>(input: RouteInput, handler: H): H {
  const declared = handler as H & Declared;
  const given = Object.entries(input).filter(([, value]) => value !== undefined);
  declared[ROUTE_INPUT] = { ...declared[ROUTE_INPUT], ...Object.fromEntries(given) };
  return handler;
}

/** The route reads no path parameter, query or body (declared, so it is not a forgotten one). */
export function noInput<H extends object>(handler: H): H {
  return declareInput({}, handler);
}

/** What the handler declares, or undefined. */
export function inputOf(handler: unknown): RouteInput | undefined {
  return typeof handler === 'function' ? (handler as Declared)[ROUTE_INPUT] : undefined;
}

/** Marks the token check (auth/require-auth.ts). */
export function marksTokenCheck<H extends object>(handler: H): H {
  (handler as H & Declared)[REQUIRES_TOKEN] = true;
  return handler;
}

export function isTokenCheck(handler: unknown): boolean {
  return typeof handler === 'function' && (handler as Declared)[REQUIRES_TOKEN] === true;
}

/** Marks the read of one record that answers its strong ETag (record-etag.ts). */
export function marksRecordRead<H extends object>(handler: H): H {
  (handler as H & Declared)[RECORD_ETAG] = 'read';
  return handler;
}

/**
 * Marks a record's update that takes `If-Match` (412 when no listed tag is the record's current
 * one) and answers the new ETag with the record (record-etag.ts).
 */
export function marksConditionalUpdate<H extends object>(handler: H): H {
  (handler as H & Declared)[RECORD_ETAG] = 'update';
  return handler;
}

/** The handler's part in the conditional saves, or undefined. */
export function recordEtagUseOf(handler: unknown): RecordEtagUse | undefined {
  return typeof handler === 'function' ? (handler as Declared)[RECORD_ETAG] : undefined;
}
