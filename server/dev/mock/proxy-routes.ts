/**
 * The forwarding rules of the mock beside a real backend (docs/developer-tools.md): which calls
 * go to MOCK_PROXY_TARGET (`real`) and which the mock serves (`mock`), from the MOCK_PROXY_ROUTES
 * file and the control API at `/__mock/routes`. A rule's path is in the faults' form
 * (fault-rules.ts compilePathPattern); the first rule matching a call decides.
 */
import { type Router } from 'express';
import { z } from 'zod';
import {
  MOCK_PROXY_MESSAGE,
  MOCK_PROXY_PATHS,
  ROUTE_TARGETS,
  type ProxyTokenMode,
  type RouteList,
  type RouteRule,
  type RouteTarget,
} from '@contracts/api/mock-proxy';
import { callMatchInput, TOOLS_PATH } from '@contracts/api/mock-faults';
import { notFound } from '../../http/errors';
import { validate } from '../../http/validate';
import { compilePathPattern, readListFile } from './fault-rules';
import { recordedRouter } from '../../http/route-table';

/** The body of POST and PUT /__mock/routes, and an item of the MOCK_PROXY_ROUTES file. */
export const routeRuleInput = z
  .object({
    ...callMatchInput,
    // A rule there would be listed and never apply.
    path: callMatchInput.path.refine((path) => !TOOLS_PATH.test(path), {
      error: MOCK_PROXY_MESSAGE.toolsNotForwarded,
    }),
    to: z.enum(ROUTE_TARGETS),
  })
  .strict();
type RouteRuleParsed = z.output<typeof routeRuleInput>;

/** The MOCK_PROXY_ROUTES file (a bad one stops the start, naming the file and the field). */
export function readRoutesFile(file: string): RouteRuleParsed[] {
  return readListFile('MOCK_PROXY_ROUTES', file, routeRuleInput);
}

interface Entry {
  rule: RouteRule;
  pattern: RegExp;
}

export interface RouteRules {
  /** Where the first rule matching the call sends it; undefined when none matches. */
  decide(method: string, urlPath: string): RouteTarget | undefined;
  list(): RouteRule[];
  /** `/__mock/routes`: list, add, replace, delete. */
  router: Router;
}

const idParams = z.object({ id: z.string() });

export function createRouteRules(options: {
  file: string | undefined;
  target: () => string | null;
  tokens: () => ProxyTokenMode | null;
}): RouteRules {
  const entries: Entry[] = [];
  let lastId = 0;
  const entryOf = (input: RouteRuleParsed, id: string, source: RouteRule['source']): Entry => ({
    rule: { id, method: input.method.toUpperCase(), path: input.path, to: input.to, source },
    pattern: compilePathPattern(input.path),
  });
  const add = (input: RouteRuleParsed, source: RouteRule['source']): RouteRule => {
    lastId += 1;
    const entry = entryOf(input, String(lastId), source);
    entries.push(entry);
    return { ...entry.rule };
  };
  if (options.file !== undefined) {
    for (const input of readRoutesFile(options.file)) add(input, 'file');
  }

  const decide = (method: string, urlPath: string): RouteTarget | undefined => {
    const asked = method === 'HEAD' ? 'GET' : method;
    for (const { rule, pattern } of entries) {
      if ((rule.method === '*' || rule.method === asked) && pattern.test(urlPath)) return rule.to;
    }
    return undefined;
  };
  const list = (): RouteRule[] => entries.map((entry) => ({ ...entry.rule }));

  const router = recordedRouter();
  router.get(MOCK_PROXY_PATHS.routes, (_req, res) => {
    const answer: RouteList = {
      target: options.target(),
      tokens: options.tokens(),
      routes: list(),
    };
    res.set('Cache-Control', 'no-store').json(answer);
  });
  router.post(MOCK_PROXY_PATHS.routes, validate({ body: routeRuleInput }), (req, res) => {
    res.status(201).json({ route: add(req.body, 'api') });
  });
  router.put(
    MOCK_PROXY_PATHS.route,
    validate({ params: idParams, body: routeRuleInput }),
    (req, res) => {
      const index = entries.findIndex((entry) => entry.rule.id === req.params.id);
      const old = entries[index];
      if (old === undefined) throw notFound(MOCK_PROXY_MESSAGE.routeNotFound(req.params.id));
      const entry = entryOf(req.body, old.rule.id, old.rule.source);
      entries[index] = entry;
      res.json({ route: { ...entry.rule } });
    },
  );
  router.delete(MOCK_PROXY_PATHS.route, validate({ params: idParams }), (req, res) => {
    const index = entries.findIndex((entry) => entry.rule.id === req.params.id);
    if (index < 0) throw notFound(MOCK_PROXY_MESSAGE.routeNotFound(req.params.id));
    entries.splice(index, 1);
    res.status(204).end();
  });

  return { decide, list, router };
}
