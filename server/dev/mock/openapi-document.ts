/**
 * The OpenAPI 3.1 document of the app's routes (docs/developer-tools.md), made from the app
 * itself: the routes declared on its routers are walked (http/route-table.ts: each route's path
 * and method, as declared to express, mount paths included)
 * and each route's declaration is read back (http/route-docs.ts): the zod schemas `validate`
 * checks the call with, turned into JSON Schema by zod (`io: 'input'`: what a caller sends, so
 * `positiveInt` is the digit string of the path, not the number the handler gets), the upload's
 * field and size limit, whether the token check runs, whether the route is the read or the
 * update of a conditional save (its `ETag`, `If-Match` and 412). Nothing here runs while
 * answering a call.
 *
 * Left out: the developer tools (/__mock) and pact's provider states (/_pact), which the real
 * backend does not have; the client's own files and the fonts (static files, no routes).
 */
import type { Express, Router } from 'express';
import { z } from 'zod';
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { MOCK_MOUNT } from '@contracts/api/mock';
import { PROVIDER_STATES_PATH } from '@contracts/provider/states';
import { inputOf, isTokenCheck, recordEtagUseOf, type RouteInput } from '../../http/route-docs';
import { declarationsOf } from '../../http/route-table';

/** A JSON Schema or OpenAPI object, as plain JSON. */
type Json = Record<string, unknown>;

/** A route of the app: its full express path, one method, the handlers it runs. */
export interface AppRoute {
  method: string;
  /** As express matches it, mount paths included: `/api/programs/:id`. */
  path: string;
  handlers: readonly unknown[];
  requiresToken: boolean;
}

const LEFT_OUT = [MOCK_MOUNT, PROVIDER_STATES_PATH.split('/').slice(0, 2).join('/')];

/** Under /__mock or /_pact: not part of the API the backend implements. */
export function isLeftOut(routePath: string): boolean {
  const lower = routePath.toLowerCase();
  return LEFT_OUT.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

function joinPath(base: string, mount: string): string {
  if (mount === '/' || mount === '') return base;
  return `${base.replace(/\/$/, '')}${mount}`;
}

/** True when `mount` is `prefix` or below it (`/` covers every path). */
function isUnder(mount: string, prefix: string): boolean {
  return prefix === '/' || mount === prefix || mount.startsWith(`${prefix}/`);
}

/**
 * Every route declared on `source` (a router or app from http/route-table.ts) and on the routers
 * mounted in it, in the order express tries them. A token check mounted ahead of routes
 * (app.ts's `api.use(API_MOUNT, authenticated, ...)`) covers the routes after it under its mount
 * path; one in a route's own handlers covers that route.
 */
export function appRoutes(source: unknown, base = '', behindToken = false): AppRoute[] {
  const found: AppRoute[] = [];
  const tokenMounts: string[] = [];
  const coveredAt = (mount: string): boolean =>
    behindToken || tokenMounts.some((tokenMount) => isUnder(mount, tokenMount));
  for (const declaration of declarationsOf(source) ?? []) {
    for (const declaredPath of declaration.paths) {
      if (declaration.kind === 'route') {
        // `all` answers whatever the method: not one operation of the document.
        if (declaration.method === 'all') continue;
        const { method, handlers } = declaration;
        const requiresToken = coveredAt(declaredPath) || handlers.some(isTokenCheck);
        found.push({ method, path: joinPath(base, declaredPath), handlers, requiresToken });
        continue;
      }
      for (const handler of declaration.handlers) {
        if (isTokenCheck(handler)) tokenMounts.push(declaredPath);
        else
          found.push(...appRoutes(handler, joinPath(base, declaredPath), coveredAt(declaredPath)));
      }
    }
  }
  return found;
}

/** What a route's handlers declare together, or undefined when none declares anything. */
export function declaredInput(route: AppRoute): RouteInput | undefined {
  const declared = route.handlers.map(inputOf).filter((input) => input !== undefined);
  return declared.length === 0 ? undefined : Object.assign({}, ...declared);
}

/**
 * The OpenAPI paths of an express path: optional groups `{...}` give one path without and one
 * with them; `:name` and `*name` become `{name}`.
 */
export function openApiPaths(expressPath: string): string[] {
  const group = /\{([^{}]*)\}/.exec(expressPath);
  if (group !== null) {
    const before = expressPath.slice(0, group.index);
    const after = expressPath.slice(group.index + group[0].length);
    const inner = group[1] ?? '';
    // `{*rest}` is express 5's wildcard, not an optional group.
    if (!inner.startsWith('*')) {
      return [...openApiPaths(before + after), ...openApiPaths(before + inner + after)];
    }
  }
  const converted = expressPath
    .replace(/\{\*(\w+)\}/g, '{$1}')
    .replace(/[:*](\w+)/g, '{$1}')
    .replace(/\\(.)/g, '$1');
  return [converted];
}

/** The `{name}`s of an OpenAPI path. */
export function pathParameterNames(openApiPath: string): string[] {
  return [...openApiPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/**
 * Turns zod schemas into JSON Schema for the document. A schema's own `$defs` (recursive or
 * named parts) move to components.schemas under unique names, their `$ref`s rewritten, so
 * every `$ref` of the document resolves from its root.
 */
class SchemaWriter {
  readonly components: Record<string, Json> = {};
  private next = 1;

  write(schema: z.ZodType): Json {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
    const { $schema: _dialect, $defs, ...rest } = json;
    const renamed = new Map<string, string>();
    for (const name of Object.keys(($defs as Json | undefined) ?? {})) {
      renamed.set(`#/$defs/${name}`, `Schema${this.next++}`);
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => {
          const target = key === '$ref' && typeof inner === 'string' && renamed.get(inner);
          return [key, target ? `#/components/schemas/${target}` : rewrite(inner)];
        }),
      );
    };
    for (const [name, def] of Object.entries(($defs as Json | undefined) ?? {})) {
      this.components[renamed.get(`#/$defs/${name}`) ?? name] = rewrite(def) as Json;
    }
    return rewrite(rest) as Json;
  }
}

/** The properties and required names of an object schema (or of none). */
function propertiesOf(json: Json): { properties: Record<string, Json>; required: string[] } {
  const properties = (json.properties as Record<string, Json> | undefined) ?? {};
  const required = Array.isArray(json.required) ? (json.required as string[]) : [];
  return { properties, required };
}

const ERROR_RESPONSE = { $ref: '#/components/responses/Error' };
const STALE_RECORD_RESPONSE = { $ref: '#/components/responses/StaleRecord' };
/** Every call of the mock server takes it (docs/developer-tools.md); the backend ignores it. */
const PREFER_PARAMETER = { $ref: '#/components/parameters/Prefer' };
/** The conditional saves (http/record-etag.ts): the update of a record that answered an ETag. */
const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description:
    "The ETag the read of the record answered (an import review line's: its `etag` in the page that listed it): the update is refused with 412 and writes nothing unless a listed tag is the current one (strong comparison; `*` matches any existing record). Without it the update is not checked.",
};

function operationIdOf(method: string, openApiPath: string): string {
  const words = openApiPath
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return method + words.join('');
}

export interface DocumentInfo {
  title: string;
  version: string;
  description?: string;
  /** Where the paths are served from: `/` (this server, relative to the document) or a URL. */
  serverUrl: string;
}

export interface OpenApiResult {
  document: Json;
  /** `METHOD /path` of each route left without a declaration (the test names them). */
  undeclared: string[];
}

function operationOf(
  route: AppRoute,
  openApiPath: string,
  input: RouteInput,
  writer: SchemaWriter,
) {
  const parameters: Json[] = [];
  const paramsJson = input.params === undefined ? {} : writer.write(input.params);
  const pathProps = propertiesOf(paramsJson).properties;
  for (const name of pathParameterNames(openApiPath)) {
    parameters.push({
      name,
      in: 'path',
      required: true,
      schema: pathProps[name] ?? { type: 'string' },
    });
  }
  if (input.query !== undefined) {
    const { properties, required } = propertiesOf(writer.write(input.query));
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'query', required: required.includes(name), schema });
    }
  }
  if (input.headers !== undefined) {
    const { properties, required } = propertiesOf(writer.write(input.headers));
    for (const [name, schema] of Object.entries(properties)) {
      parameters.push({ name, in: 'header', required: required.includes(name), schema });
    }
  }
  const etagUse = route.handlers.map(recordEtagUseOf).find((use) => use !== undefined);
  if (etagUse === 'update') parameters.push(IF_MATCH_PARAMETER);
  parameters.push(PREFER_PARAMETER);
  const operation: Json = { operationId: operationIdOf(route.method, openApiPath) };
  const tag = openApiPath.replace(/^\/api(?=\/)/, '').split('/')[1];
  if (tag !== undefined && tag !== '') operation.tags = [tag.replace(/\{|\}/g, '')];
  if (parameters.length > 0) operation.parameters = parameters;
  if (input.body !== undefined) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: writer.write(input.body) } },
    };
  } else if (input.multipart !== undefined) {
    const { field, maxBytes } = input.multipart;
    operation.requestBody = {
      required: true,
      description: `The file in the part named \`${field}\`, at most ${maxBytes} bytes (413 above).`,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [field],
            properties: {
              [field]: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
          },
          encoding: { [field]: { contentType: 'application/octet-stream' } },
        },
      },
      'x-max-bytes': maxBytes,
    };
  }
  const success: Json = { description: 'Success' };
  if (input.answer !== undefined) {
    success.content = { 'application/json': { schema: writer.write(input.answer) } };
  }
  if (etagUse !== undefined) success.headers = { ETag: { $ref: '#/components/headers/ETag' } };
  operation.responses = {
    '2XX': success,
    ...(etagUse === 'update' ? { '412': STALE_RECORD_RESPONSE } : {}),
    '4XX': ERROR_RESPONSE,
    '5XX': ERROR_RESPONSE,
  };
  operation.security = route.requiresToken ? [{ bearer: [] }] : [];
  return operation;
}

/** The document of every route of `app`, and the routes without a declaration. */
export function buildOpenApiDocument(app: Express | Router, info: DocumentInfo): OpenApiResult {
  const writer = new SchemaWriter();
  const paths: Record<string, Record<string, Json>> = {};
  const undeclared: string[] = [];
  const usedIds = new Set<string>();
  for (const route of appRoutes(app)) {
    if (isLeftOut(route.path)) continue;
    const input = declaredInput(route);
    if (input === undefined) undeclared.push(`${route.method.toUpperCase()} ${route.path}`);
    for (const openApiPath of openApiPaths(route.path)) {
      const item = (paths[openApiPath] ??= {});
      // The first route of a method and path is the one express answers with.
      if (item[route.method] !== undefined) continue;
      const operation = operationOf(route, openApiPath, input ?? {}, writer);
      let id = operation.operationId as string;
      for (let n = 2; usedIds.has(id); n += 1) id = `${operation.operationId as string}${n}`;
      usedIds.add(id);
      operation.operationId = id;
      if (input === undefined) operation['x-undeclared'] = true;
      item[route.method] = operation;
    }
  }
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      ...(info.description === undefined ? {} : { description: info.description }),
    },
    servers: [{ url: info.serverUrl }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The access token of the login answer (`POST /api/tokens`).',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['errorCode', 'errorMessage'],
          properties: {
            errorCode: { type: 'integer', examples: Object.values(ERROR_CODE) },
            errorMessage: { type: 'string' },
          },
        },
        ...writer.components,
      },
      parameters: {
        Prefer: {
          name: 'Prefer',
          in: 'header',
          required: false,
          schema: { type: 'string', examples: ['code=500, delay=800'] },
          description:
            "The mock server's developer tools only: answer this call with the status `code` (400-599) and/or wait `delay` ms first (Prism's form). The real backend ignores it.",
        },
      },
      responses: {
        Error: {
          description: 'The error answer: a code and a message to show',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
        StaleRecord: {
          description:
            'The record changed since it was read: `If-Match` names none of its current tags. Nothing is written.',
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/Error' },
              example: { errorCode: ERROR_CODE.CONFLICT, errorMessage: ERROR_MESSAGE.staleRecord },
            },
          },
        },
      },
      headers: {
        ETag: {
          description:
            "The record's strong ETag (a SHA-256 of its JSON; a profile's pages are one record, all of them), on a read of it and on a save of it: its update sends it back as `If-Match`.",
          schema: { type: 'string' },
        },
      },
    },
  };
  return { document, undeclared };
}
