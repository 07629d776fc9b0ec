/**
 * A small stateful fake of the import review calls (contracts/api/import-review.ts) on top of the
 * fake fetch, so the screen tests drive the real client: a review of one import's error lines,
 * re-checked by the rules a test gives (a function of a line's values), paged and filtered as the
 * server pages them, corrected one by one or in bulk, and the fixed lines imported. Like the server,
 * it versions the review and its lines: a correction sent with the `If-Match` of a line changed
 * since, or a bulk correction over a line changed after its `version`, is refused with 412; a
 * test changes or imports lines as another operator would (changeBehind, importBehind).
 */
import { ERROR_CODE } from '@contracts/api/constants';
import { ERROR_MESSAGE } from '@contracts/api/error-messages';
import {
  REVIEW_LIMITS,
  REVIEW_PATHS,
  REVIEW_SECRET_MASK,
  REVIEW_SERVER_MESSAGE,
  type BulkAnswer,
  type BulkCorrection,
  type LineCorrection,
  type ReviewCount,
  type ReviewLine,
  type ReviewReason,
  type ReviewSummary,
} from '@contracts/api/import-review';
import type { ImportAnswer, ImportKind } from '@contracts/api/imports';
import {
  deferred,
  type FakeFetch,
  type FakeResponse,
  type RouteKey,
} from '../../support/fake-fetch';

/** A rule the fake checks: the reason it gives when `fails` says so. */
export interface FakeRule {
  rule: string;
  field: string | null;
  text: string;
  fails(values: Record<string, string>): boolean;
}

export interface ReviewSeed {
  programId: number;
  outFileName: string;
  userFileName: string;
  kind: ImportKind;
  columns: string[];
  secretColumn?: string | null;
  /** Each error line: its number and values (by column, in order). */
  lines: { line: number; values: string[] }[];
  rules: FakeRule[];
}

export interface ReviewFake {
  /** The lines as the fake holds them now (secret values included). */
  lines(): (ReviewLine & { secret?: string })[];
  /** The bodies of the PUT line calls, in order. */
  corrections(): { line: string; body: LineCorrection }[];
  bulks(): BulkCorrection[];
  /** The `If-Match` header of each PUT line call, in order (null: none). */
  ifMatches(): (string | null)[];
  /** Another operator's correction of `line`: its values by column, re-checked. */
  changeBehind(line: number, values: Record<string, string>): void;
  /** Another operator's import of the corrections: every fixed line is imported. */
  importBehind(): void;
  /** Makes the next answer of `route` this one (e.g. an error). */
  failNext(route: 'PUT line' | 'POST bulk' | 'POST import', answer: FakeResponse): void;
  /** Holds the import's answer until `release` (to see its progress). */
  holdImport(): { release(): void };
  paths: {
    lines: `/${string}`;
    line(n: number): `/${string}`;
    bulk: `/${string}`;
    import: `/${string}`;
  };
}

const api = (path: string): `/${string}` => `/api${path}`;

export function installReviewServer(server: FakeFetch, seed: ReviewSeed): ReviewFake {
  const { programId, outFileName, columns } = seed;
  const secretColumn = seed.secretColumn ?? null;
  const state = seed.lines.map(({ line, values }) => ({
    line,
    values: [...values],
    status: 'failing' as ReviewLine['status'],
    corrected: false,
    rev: 0,
  }));
  /** The review's version: raised by every write of lines (ReviewSummary.version). */
  let version = 0;
  const corrections: { line: string; body: LineCorrection }[] = [];
  const ifMatches: (string | null)[] = [];
  const bulks: BulkCorrection[] = [];
  const failures = new Map<string, FakeResponse>();
  let hold: Promise<undefined> | null = null;
  let importing = false;
  let imports = 0;

  const byName = (values: string[]) =>
    Object.fromEntries(columns.map((column, index) => [column, values[index] ?? '']));
  const reasonsOf = (values: string[]): ReviewReason[] =>
    seed.rules
      .filter((rule) => rule.fails(byName(values)))
      .map(({ rule, field, text }) => ({ rule, field, text }));
  const recheck = (entry: (typeof state)[number]) => {
    entry.status = reasonsOf(entry.values).length === 0 ? 'fixed' : 'failing';
  };
  for (const entry of state) recheck(entry);
  const secretIndex = secretColumn === null ? -1 : columns.indexOf(secretColumn);
  /** What the browser gets of a line: the secret masked (a device password always, a PIN set). */
  const shown = (entry: (typeof state)[number]): ReviewLine => ({
    line: entry.line,
    values: entry.values.map((value, index) =>
      index === secretIndex && (value !== '' || seed.kind === 'device')
        ? REVIEW_SECRET_MASK
        : value,
    ),
    reasons: entry.status === 'imported' ? [] : reasonsOf(entry.values),
    status: entry.status,
    corrected: entry.corrected,
    etag: `"${entry.rev}"`,
  });
  const failing = () => state.filter((entry) => entry.status === 'failing');

  const summary = (): ReviewSummary => {
    const counts = new Map<string, ReviewCount>();
    for (const entry of failing()) {
      for (const reason of reasonsOf(entry.values)) {
        const count = counts.get(reason.rule) ?? { ...reason, lines: 0 };
        count.lines += 1;
        counts.set(reason.rule, count);
      }
    }
    return {
      outFileName,
      userFileName: seed.userFileName,
      kind: seed.kind,
      columns,
      secretColumn,
      totalLines: state.length,
      failingLines: failing().length,
      fixedLines: state.filter((entry) => entry.status === 'fixed').length,
      importedLines: state.filter((entry) => entry.status === 'imported').length,
      counts: [...counts.values()].sort((a, b) => b.lines - a.lines),
      importing,
      version,
    };
  };
  const error = (status: number, errorMessage: string): FakeResponse => ({
    status,
    body: {
      errorCode:
        status === 404
          ? ERROR_CODE.NOT_FOUND
          : status === 409 || status === 412
            ? ERROR_CODE.CONFLICT
            : ERROR_CODE.VALIDATION,
      errorMessage,
    },
  });
  /**
   * Writes `values` (by column name) into a line, re-checked at a new version. Values that leave
   * the line as it is write nothing: it keeps its ETag, the review its version.
   */
  const write = (entry: (typeof state)[number], values: Record<string, string>) => {
    const changes = Object.entries(values)
      .map(([name, value]) => [columnOf(name), value] as const)
      // The mask sent back keeps the secret.
      .filter(([index, value]) => !(index === secretIndex && value === REVIEW_SECRET_MASK))
      .filter(([index, value]) => (entry.values[index] ?? '') !== value);
    if (changes.length === 0) return;
    version += 1;
    for (const [index, value] of changes) entry.values[index] = value;
    entry.corrected = true;
    entry.rev = version;
    recheck(entry);
  };
  const failed = (key: string) => {
    const failure = failures.get(key);
    failures.delete(key);
    return failure;
  };
  const columnOf = (name: string) =>
    columns.findIndex((column) => column.toLowerCase() === name.toLowerCase());

  const base = REVIEW_PATHS.review(programId, outFileName);
  const paths = {
    lines: api(REVIEW_PATHS.lines(programId, outFileName)),
    line: (n: number) => api(REVIEW_PATHS.line(programId, outFileName, n)),
    bulk: api(REVIEW_PATHS.bulk(programId, outFileName)),
    import: api(REVIEW_PATHS.importCorrections(programId, outFileName)),
  };

  server.on(`GET ${api(base)}` as RouteKey, () => ({ body: summary() }));
  server.on(`GET ${paths.lines}` as RouteKey, (request) => {
    const query = request.url.searchParams;
    const rule = query.get('rule');
    const status = query.get('status');
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? REVIEW_LIMITS.pageLines);
    const matching = state.filter((entry) => {
      if (status !== null) return entry.status === status;
      if (entry.status === 'imported') return false;
      return rule === null || reasonsOf(entry.values).some((reason) => reason.rule === rule);
    });
    return {
      body: {
        lines: matching.slice(offset, offset + limit).map(shown),
        total: matching.length,
        offset,
        limit,
      },
    };
  });
  for (const entry of state) {
    server.on(`PUT ${paths.line(entry.line)}` as RouteKey, (request) => {
      const failure = failed('PUT line');
      if (failure) return failure;
      const body = request.body as LineCorrection;
      const ifMatch = request.headers.get('If-Match');
      corrections.push({ line: String(entry.line), body });
      ifMatches.push(ifMatch);
      for (const name of Object.keys(body.values)) {
        if (columnOf(name) < 0) return error(400, REVIEW_SERVER_MESSAGE.unknownColumn(name));
      }
      if (entry.status === 'imported') return error(409, REVIEW_SERVER_MESSAGE.alreadyImported);
      if (ifMatch !== null && ifMatch !== shown(entry).etag) {
        return error(412, ERROR_MESSAGE.staleRecord);
      }
      write(entry, body.values);
      const answer = shown(entry);
      return { body: answer, headers: { ETag: answer.etag } };
    });
  }
  server.on(`POST ${paths.bulk}` as RouteKey, (request) => {
    const failure = failed('POST bulk');
    if (failure) return failure;
    const body = request.body as BulkCorrection;
    bulks.push(body);
    const index = columnOf(body.field);
    if (index < 0) return error(400, REVIEW_SERVER_MESSAGE.unknownColumn(body.field));
    const matched = failing().filter(
      (entry) =>
        body.rule === undefined ||
        reasonsOf(entry.values).some((reason) => reason.rule === body.rule),
    );
    if (matched.length === 0) return error(400, REVIEW_SERVER_MESSAGE.noMatchingLine);
    const afterOf = (entry: (typeof state)[number]) => {
      const before = entry.values[index] ?? '';
      return body.set !== undefined
        ? body.set
        : before.split(body.find ?? '').join(body.replace ?? '');
    };
    const changing = matched.filter((entry) => afterOf(entry) !== (entry.values[index] ?? ''));
    const readAt = body.version;
    if (readAt !== undefined && changing.some((entry) => entry.rev > readAt)) {
      return error(412, ERROR_MESSAGE.staleRecord);
    }
    // A bulk correction that changes no line writes nothing.
    if (changing.length > 0) version += 1;
    let nowPassing = 0;
    for (const entry of changing) {
      entry.values[index] = afterOf(entry);
      entry.corrected = true;
      entry.rev = version;
      recheck(entry);
      if (entry.status === 'fixed') nowPassing += 1;
    }
    const changed = changing.length;
    const answer: BulkAnswer = {
      matched: matched.length,
      changed,
      nowPassing,
      failingLines: failing().length,
    };
    return { body: answer };
  });
  const importFixed = () => {
    version += 1;
    for (const entry of state) {
      if (entry.status !== 'fixed') continue;
      entry.status = 'imported';
      entry.rev = version;
    }
  };
  server.on(`POST ${paths.import}` as RouteKey, async () => {
    const failure = failed('POST import');
    if (failure) return failure;
    const fixed = state.filter((entry) => entry.status === 'fixed');
    if (fixed.length === 0) return error(409, REVIEW_SERVER_MESSAGE.nothingToImport);
    importing = true;
    imports += 1;
    if (hold) await hold;
    importFixed();
    importing = false;
    const answer: ImportAnswer = {
      totalSuccessLines: fixed.length,
      totalErrorLines: 0,
      outFileName: null,
      currentStep: 'completed',
      insertedLines: fixed.length,
      replacedLines: 0,
    };
    return { body: answer };
  });
  server.on(`GET ${api(REVIEW_PATHS.progress(programId, outFileName))}` as RouteKey, () => {
    const fixed = state.filter((entry) => entry.status === 'fixed').length;
    return {
      body:
        imports === 0
          ? { currentStep: 'uploaded', currentLine: 0, totalLines: 0, numErrorLines: 0 }
          : {
              currentStep: 'importing',
              currentLine: 1,
              totalLines: Math.max(2, fixed),
              numErrorLines: 0,
            },
    };
  });

  return {
    lines: () =>
      state.map((entry) => ({
        ...shown(entry),
        ...(secretIndex >= 0 ? { secret: entry.values[secretIndex] } : {}),
      })),
    corrections: () => corrections,
    bulks: () => bulks,
    ifMatches: () => ifMatches,
    changeBehind: (line, values) => {
      const entry = state.find((each) => each.line === line);
      if (entry === undefined) throw new Error(`no line ${line}`);
      write(entry, values);
    },
    importBehind: importFixed,
    failNext: (route, answer) => failures.set(route, answer),
    holdImport: () => {
      const gate = deferred<undefined>();
      hold = gate.promise;
      return {
        release: () => {
          hold = null;
          gate.resolve(undefined);
        },
      };
    },
    paths,
  };
}
