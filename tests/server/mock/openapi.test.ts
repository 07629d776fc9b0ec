/**
 * The OpenAPI document of the developer tools: GET /__mock/openapi.json over HTTP
 * through the real app. Every route of the app is in it with its declaration (a route without
 * one fails the test by name), the document is structurally valid (path parameters declared,
 * operationIds unique, every $ref resolvable), its schemas are the ones that validate the calls,
 * and the token is asked for exactly where the app asks for it.
 */
import { readFileSync } from 'node:fs';
import { ERROR_CODE, MODULE_CODE, MODULE_CODE_HEADER } from '@contracts/api/constants';
import path from 'node:path';
import request from 'supertest';
import { z } from 'zod';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import { REVIEW_PATHS } from '@contracts/api/import-review';
import { JOURNAL_PATHS } from '@contracts/api/journal';
import { MERCHANT_PATHS } from '@contracts/api/merchant';
import { MOCK_PATHS } from '@contracts/api/mock';
import { API_PATHS, RUNTIME_CONFIG_PATH, URL_PATHS } from '@contracts/api/paths';
import { SCHEME_PATHS } from '@contracts/api/schemes';
import { PROJECT_ROOT } from '../../../server/config';
import { recordedRouter } from '../../../server/http/route-table';
import {
  buildOpenApiDocument,
  openApiPaths,
  pathParameterNames,
} from '../../../server/dev/mock/openapi-document';
import { noInput } from '../../../server/http/route-docs';
import { validate } from '../../../server/http/validate';
import { createTestApp, type TestApp } from '../support/test-app';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }>;
  security: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

const MOCK_ON = { MOCK_CONTROL: 'true' };

/** Every operation of the document with its path and method. */
function operations(document: Document): { path: string; method: string; op: Operation }[] {
  return Object.entries(document.paths).flatMap(([openApiPath, item]) =>
    Object.entries(item).map(([method, op]) => ({ path: openApiPath, method, op })),
  );
}

/** Every `$ref` string anywhere in `value`. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

/** The value a local `$ref` (`#/a/b`) points at, or undefined. */
function resolve(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[key]
          : undefined,
      document,
    );
}

describe('GET /__mock/openapi.json', () => {
  let t: TestApp;
  let token: string;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp({ env: MOCK_ON });
    token = (await t.login()).token;
    const answer = await request(t.app)
      .get(MOCK_PATHS.openapi)
      .set('Authorization', `Bearer ${token}`)
      .expect(200)
      .expect('Content-Type', /json/);
    document = answer.body as Document;
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a signed-in token', async () => {
    const answer = await request(t.app).get(MOCK_PATHS.openapi).expect(401);
    expect(answer.body).toEqual({ errorCode: 11, errorMessage: expect.any(String) });
  });

  it('is OpenAPI 3.1 named and versioned after the package, served from where it was fetched', () => {
    const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual(
      expect.objectContaining({ title: `${manifest.name} API`, version: manifest.version }),
    );
    expect(document.servers).toEqual([{ url: '/' }]);
  });

  it('has every route of the app, each with its declaration', () => {
    // The document is made from the app's own route tree (app.ts gives it to the developer
    // tools); a route there without validate(...), declareInput or noInput
    // (server/http/route-docs.ts) is marked x-undeclared, and named here.
    const undeclared = operations(document)
      .filter(({ op }) => (op as Operation & { 'x-undeclared'?: true })['x-undeclared'] === true)
      .map(({ method, path: p }) => `${method.toUpperCase()} ${p}`);
    expect(undeclared).toEqual([]);
    // The app's routers are all reached: the public ones, the protected API, uploads.
    expect(operations(document).length).toBeGreaterThan(80);
    expect(document.paths['/api/programs/{id}']?.get).toBeDefined();
    expect(document.paths[RUNTIME_CONFIG_PATH]?.get).toBeDefined();
    expect(document.paths[`/api${API_PATHS.tokens}`]?.post).toBeDefined();
    expect(document.paths['/api/gift-card/giftSchemeFiles/{id}']?.post).toBeDefined();
  });

  it('describes only routes the app answers (none meets the 404 of an unknown route)', async () => {
    const unknown: string[] = [];
    for (const { path: p, method } of operations(document)) {
      // Logging out would end this test's session.
      if (method === 'delete' && p === `/api${API_PATHS.tokens}`) continue;
      const url = p.replace(/\{\w+\}/g, '1');
      const answer = await request(t.app)
        [method as 'get' | 'post' | 'put' | 'delete'](url)
        .set('Authorization', `Bearer ${token}`);
      const message = (answer.body as { errorMessage?: unknown }).errorMessage;
      if (
        answer.status === 404 &&
        message === `${ERROR_MESSAGE.notFound}: ${method.toUpperCase()} ${url}`
      ) {
        unknown.push(`${method} ${p}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('leaves out the developer tools and the provider states', () => {
    const leftOut = Object.keys(document.paths).filter((p) => /^\/(__mock|_pact)(\/|$)/i.test(p));
    expect(leftOut).toEqual([]);
  });

  it('declares every path parameter of every path, and only those', () => {
    const problems = operations(document).flatMap(({ path: openApiPath, method, op }) => {
      const inPath = pathParameterNames(openApiPath).sort();
      const declared = (op.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name)
        .sort();
      const required = (op.parameters ?? []).every((p) => p.in !== 'path' || p.required === true);
      return JSON.stringify(inPath) === JSON.stringify(declared) && required
        ? []
        : [`${method} ${openApiPath}: ${inPath.join(',')} / ${declared.join(',')}`];
    });
    expect(problems).toEqual([]);
  });

  it('has unique operationIds and no parameter twice', () => {
    const ids = operations(document).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of operations(document)) {
      const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => resolve(document, ref) === undefined)).toEqual([]);
  });

  it('describes what a caller sends: a positiveInt path id is a digit string', () => {
    const op = document.paths['/api/programs/{id}']?.get;
    expect(op?.parameters?.filter((parameter) => parameter.in === 'path')).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{1,9}$' } },
    ]);
  });

  it("has the login's moduleCode header, and the Prefer header on every operation", () => {
    const login = document.paths[`/api${API_PATHS.tokens}`]?.post;
    expect(login?.parameters).toContainEqual({
      name: MODULE_CODE_HEADER,
      in: 'header',
      required: true,
      schema: { type: 'string', const: MODULE_CODE },
    });
    const withoutPrefer = operations(document).filter(
      ({ op }) =>
        !(op.parameters ?? []).some(
          (parameter) => (parameter as { $ref?: string }).$ref === '#/components/parameters/Prefer',
        ),
    );
    expect(
      withoutPrefer.map(({ method, path: openApiPath }) => `${method} ${openApiPath}`),
    ).toEqual([]);
  });

  it('has the JSON bodies the routes validate, their required fields included', () => {
    const login = document.paths[`/api${API_PATHS.tokens}`]?.post;
    const schema = login?.requestBody?.content['application/json']?.schema;
    expect(schema).toEqual(
      expect.objectContaining({
        type: 'object',
        properties: expect.objectContaining({
          username: expect.any(Object),
          password: expect.any(Object),
        }),
        required: expect.arrayContaining(['username', 'password']),
      }),
    );
  });

  it('has the multipart uploads with their file field and size limit', () => {
    const upload = document.paths[URL_PATHS.images]?.post;
    const form = upload?.requestBody?.content['multipart/form-data']?.schema;
    expect(form).toEqual(
      expect.objectContaining({ required: ['file'], properties: { file: expect.any(Object) } }),
    );
    expect(upload?.requestBody).toEqual(
      expect.objectContaining({ 'x-max-bytes': expect.any(Number) }),
    );
  });

  it('answers errors as {errorCode, errorMessage} on every operation', () => {
    const error = resolve(document, '#/components/schemas/Error');
    expect(error).toEqual(
      expect.objectContaining({ required: ['errorCode', 'errorMessage'], type: 'object' }),
    );
    for (const { op } of operations(document)) {
      expect(op.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
      expect(op.responses['5XX']).toEqual({ $ref: '#/components/responses/Error' });
    }
  });

  it("has the scheme wizard's, the site builders' and the import review's conditional saves: ETag on the reads, If-Match and 412 on the updates", () => {
    // server/http/record-etag.ts; docs/api.md, "Conditional saves"; an import review's line is
    // read with its tag in a page's body (docs/imports.md).
    const reads = [
      `get /api${SCHEME_PATHS.scheme('{id}')}`,
      `get /api${SCHEME_PATHS.configuration('{id}')}`,
      `get /api${SCHEME_PATHS.settlement('{id}')}`,
      `get /api${SCHEME_PATHS.liability}`,
      `get /api${SCHEME_PATHS.campaignAction('{programId}')}`,
      `get /api${JOURNAL_PATHS.profile('{id}')}`,
      `get /api${JOURNAL_PATHS.profilePages('{id}')}`,
      `get /api${MERCHANT_PATHS.profile('{id}')}`,
      `get /api${MERCHANT_PATHS.selectedPageTypes('{id}')}`,
      `get /api${MERCHANT_PATHS.selectedPageSubTypes('{id}')}`,
    ];
    const updates = [
      `put /api${SCHEME_PATHS.scheme('{id}')}`,
      `put /api${SCHEME_PATHS.configuration('{id}')}`,
      `put /api${SCHEME_PATHS.settlement('{id}')}`,
      `put /api${SCHEME_PATHS.liability}`,
      `post /api${SCHEME_PATHS.baseCampaignUpdate}`,
      `put /api${JOURNAL_PATHS.profile('{id}')}`,
      `post /api${JOURNAL_PATHS.pages}`,
      `put /api${JOURNAL_PATHS.page('{pageId}')}`,
      `put /api${MERCHANT_PATHS.profile('{id}')}`,
      `post /api${MERCHANT_PATHS.siteSettings}`,
      `post /api${MERCHANT_PATHS.saveSelectedPageTypes}`,
      `post /api${MERCHANT_PATHS.saveSelectedPageSubTypes}`,
      `put /api${REVIEW_PATHS.line('{programId}', '{outFileName}', '{line}')}`,
    ];
    const named = ({ method, path: p }: { method: string; path: string }) => `${method} ${p}`;
    const answeringEtag = operations(document).filter(
      ({ op }) => op.responses['2XX']?.headers?.ETag !== undefined,
    );
    // The update answers the record's new ETag too, when it answers the record.
    expect(answeringEtag.map(named).sort()).toEqual([...reads, ...updates].sort());
    for (const { op } of answeringEtag) {
      expect(op.responses['2XX']?.headers).toEqual({ ETag: { $ref: '#/components/headers/ETag' } });
    }
    const takingIfMatch = operations(document).filter(({ op }) =>
      (op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'If-Match'),
    );
    expect(takingIfMatch.map(named).sort()).toEqual([...updates].sort());
    for (const { op } of takingIfMatch) {
      expect(op.parameters).toContainEqual(
        expect.objectContaining({ name: 'If-Match', in: 'header', required: false }),
      );
      expect(op.responses['412']).toEqual({ $ref: '#/components/responses/StaleRecord' });
    }
    const with412 = operations(document).filter(({ op }) => op.responses['412'] !== undefined);
    expect(with412.map(named).sort()).toEqual([...updates].sort());
    expect(resolve(document, '#/components/headers/ETag')).toEqual(
      expect.objectContaining({ schema: expect.objectContaining({ type: 'string' }) }),
    );
    const stale = resolve(document, '#/components/responses/StaleRecord') as {
      content: Record<string, { schema: unknown; example: unknown }>;
    };
    expect(stale.content['application/json']).toEqual({
      schema: { $ref: '#/components/schemas/Error' },
      example: { errorCode: ERROR_CODE.CONFLICT, errorMessage: ERROR_MESSAGE.staleRecord },
    });
  });

  it('asks for the bearer token everywhere but login, refresh and the public site calls', () => {
    const publicOps = operations(document)
      .filter(({ op }) => op.security.length === 0)
      .map(({ method, path: p }) => `${method} ${p}`);
    expect(publicOps).toEqual(
      expect.arrayContaining([
        `post /api${API_PATHS.tokens}`,
        `post ${URL_PATHS.refresh}`,
        `get ${RUNTIME_CONFIG_PATH}`,
        'get /images/{id}.png',
      ]),
    );
    // Nothing under the API is public but login and refresh.
    expect(publicOps.filter((op) => / \/api\//.test(op)).sort()).toEqual(
      [`post /api${API_PATHS.tokens}`, `post ${URL_PATHS.refresh}`].sort(),
    );
    const secured = operations(document).filter(({ op }) => op.security.length > 0);
    for (const { op } of secured) expect(op.security).toEqual([{ bearer: [] }]);
    expect(document.paths[`/api${API_PATHS.tokens}`]?.delete?.security).toEqual([{ bearer: [] }]);
    expect(document.paths[URL_PATHS.images]?.post?.security).toEqual([{ bearer: [] }]);
    expect(resolve(document, '#/components/securitySchemes/bearer')).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
  });
});

describe('the OpenAPI generator', () => {
  it('names a route that declares no schema', () => {
    const router = recordedRouter();
    router.get('/api/declared/:id', validate({ params: z.object({ id: z.string() }) }), (_q, s) => {
      s.end();
    });
    router.get(
      '/api/nothing',
      noInput((_req, res) => {
        res.end();
      }),
    );
    router.post('/api/forgotten/:id', (_req, res) => {
      res.end();
    });
    const { undeclared, document } = buildOpenApiDocument(router, {
      title: 't',
      version: '1',
      serverUrl: '/',
    });
    expect(undeclared).toEqual(['POST /api/forgotten/:id']);
    expect(Object.keys(document.paths as object).sort()).toEqual([
      '/api/declared/{id}',
      '/api/forgotten/{id}',
      '/api/nothing',
    ]);
  });

  it('turns optional groups and wildcards into OpenAPI paths', () => {
    expect(openApiPaths('/api/a/:id{/:part}')).toEqual(['/api/a/{id}', '/api/a/{id}/{part}']);
    expect(openApiPaths('/files/{*rest}')).toEqual(['/files/{rest}']);
  });
});
