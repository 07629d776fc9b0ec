/**
 * Keeps the README and docs/ honest: every relative link and every repository path they name
 * exists, the README stays a front door, the layout tree of docs/architecture.md matches the
 * repository, and no document narrates work history.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const README = 'README.md';
const DOCS_DIR = 'docs';
const ARCHITECTURE = 'docs/architecture.md';
const README_MAX_LINES = 250;

/** Top-level folders whose paths, written in backticks, must exist. */
const CHECKED_ROOTS = ['client', 'server', 'contracts', 'tests', 'scripts', 'bench', 'docs'];

/** Work history has no place in the product's text: it belongs in git log. */
const HISTORY = [
  /\b(?:issue|session)s?\s+#?\d+/i,
  /\bbefore (?:this|the) (?:change|session|issue)\b/i,
  /\bnow fixed\b/i,
  /\bwas [\d.,]+ ?(?:µs|ms|s|min|minutes)\b/i,
  // "an import from before the parameters were kept" (not "from before the review opens").
  /\bfrom before (?:[\w'-]+ ){0,6}?(?:was|were|had|existed|did|came)\b/i,
  // "what the reset made before scenarios" (not "a profile made before the failure").
  /(?<!\b(?:is|are|be|been|being|gets?) )\b(?:made|did|was|were|had) before [\w-]+s\s*[).,;:]/i,
  /\bbefore (?:[\w'-]+ ){0,3}?(?:existed|(?:was|were) (?:added|introduced|kept|made))\b/i,
  // "the old ndjson card store" (not "the old data or the new", "the old theme's default").
  /\bthe old (?:[\w-]+ ){0,2}(?:store|layout|format|version|code|way|design|implementation|behaviou?r|api|module|setup|script)\b/i,
  /\b(?:that|an?|the) (?:earlier|former|previous) (?:layout|version|format|store|design|behaviou?r)\b/i,
  /\bused to be\b/i,
];

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const documents = (): string[] => [
  README,
  ...readdirSync(path.join(ROOT, DOCS_DIR))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `${DOCS_DIR}/${name}`),
];

/** The text without fenced code blocks (their lines kept blank, so line numbers stay). */
function proseOf(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/**
 * The lines of `markdown` (1-based) where it narrates history; a phrase may run on into the next
 * line, as wrapped prose does, and counts for the line it starts on.
 */
export function historyLines(markdown: string): number[] {
  const lines = markdown.split('\n');
  return lines.flatMap((line, index) => {
    const text = `${line} ${(lines[index + 1] ?? '').trimStart()}`;
    const starts = HISTORY.some((pattern) => {
      const match = pattern.exec(text);
      return match !== null && match.index < line.length;
    });
    return starts ? [index + 1] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of proseOf(markdown).split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading?.[1] !== undefined) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

/** Relative link targets of a document: `[text](target)` outside code, URLs left out. */
export function relativeLinks(markdown: string): string[] {
  const prose = proseOf(markdown).replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Problems of the links of `file` (its text `markdown`): missing files and missing anchors. */
export function brokenLinks(
  file: string,
  markdown: string,
  exists: (repoPath: string) => boolean,
  anchorsOfFile: (repoPath: string) => Set<string>,
): string[] {
  const problems: string[] = [];
  for (const target of relativeLinks(markdown)) {
    const [rawPath = '', anchor] = target.split('#');
    const repoPath =
      rawPath === ''
        ? file
        : path.posix.normalize(path.posix.join(path.posix.dirname(file), rawPath));
    if (repoPath.startsWith('..') || !exists(repoPath)) {
      problems.push(`${file}: ${target} (no ${repoPath})`);
    } else if (anchor !== undefined && repoPath.endsWith('.md')) {
      if (!anchorsOfFile(repoPath).has(anchor)) problems.push(`${file}: ${target} (no heading)`);
    }
  }
  return problems;
}

/** Repository paths written in backticks (`server/http/validate.ts`), without patterns. */
export function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
  return spans.filter(
    (span) =>
      CHECKED_ROOTS.some((root) => span.startsWith(`${root}/`)) &&
      /^[\w./@-]+$/.test(span) &&
      !span.includes('..'),
  );
}

/**
 * The paths of a layout tree: one entry per line, two spaces of indent per level, folders end
 * with `/`, a description follows after two or more spaces; a line may name several sibling
 * folders separated by single spaces.
 */
export function layoutPaths(tree: string): string[] {
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    if (indent % 2 !== 0) throw new Error(`Odd indent in the layout: "${line}"`);
    const depth = indent / 2;
    const names = (line.trim().split(/\s{2,}/)[0] ?? '').split(' ');
    const parent = parents.slice(0, depth).join('');
    for (const name of names) paths.push(`${parent}${name}`);
    parents.length = depth;
    parents[depth] = names[names.length - 1] ?? '';
  }
  return paths;
}

/** The first code block after the `## Layout` heading. */
function layoutTree(markdown: string): string {
  const match = /^## Layout\n[\s\S]*?^```\n([\s\S]*?)^```/m.exec(markdown);
  if (match?.[1] === undefined) throw new Error(`${ARCHITECTURE} has no layout tree`);
  return match[1];
}

/** Files of the repository: tracked, and new ones not ignored. */
function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return output.split('\n').filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
}

/** The folders the layout must show: down to three levels, and `client/src/<folder>/<folder>`. */
export function foldersToShow(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    const depth = file.startsWith('client/src/') ? 4 : 3;
    for (let n = 1; n <= Math.min(parts.length, depth); n += 1) {
      folders.add(`${parts.slice(0, n).join('/')}/`);
    }
  }
  return [...folders].sort();
}

const existsInRepo = (repoPath: string): boolean => existsSync(path.join(ROOT, repoPath));

/** A path git ignores (an output folder such as `dist/` or `tests/.artifacts/`). */
function ignoredByGit(repoPath: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '--quiet', '--no-index', repoPath], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}
const anchorsInRepo = (repoPath: string): Set<string> => anchorsOf(read(repoPath));

describe('the checks themselves', () => {
  it('finds a missing file, a missing heading, and takes a good link', () => {
    const markdown = '[a](docs/none.md) [b](docs/api.md#no-such-heading) [c](docs/api.md#errors)';
    const problems = brokenLinks(README, markdown, existsInRepo, anchorsInRepo);
    expect(problems).toEqual([
      'README.md: docs/none.md (no docs/none.md)',
      'README.md: docs/api.md#no-such-heading (no heading)',
    ]);
  });

  it('reads links outside code only, and leaves URLs alone', () => {
    const markdown = '[x](a.md) `[y](b.md)` [z](https://example.com)\n```\n[w](c.md)\n```\n';
    expect(relativeLinks(markdown)).toEqual(['a.md']);
  });

  it('makes GitHub anchors', () => {
    expect(anchorOf('Sign-in, tokens and sessions')).toBe('sign-in-tokens-and-sessions');
    expect(anchorOf('Developer tools (`/__mock`)')).toBe('developer-tools-__mock');
  });

  it('reads a layout tree with nested and grouped folders', () => {
    const tree = 'server/  the server\n  http/  shared\n  a/ b/\ntests/\n  e2e/\n    support/  x\n';
    expect(layoutPaths(tree)).toEqual([
      'server/',
      'server/http/',
      'server/a/',
      'server/b/',
      'tests/',
      'tests/e2e/',
      'tests/e2e/support/',
    ]);
  });

  it('finds history narrated over a line break, and leaves wording about the product', () => {
    const narrated = [
      '- An import from before the',
      '  card parameters were kept is re-checked.',
      'The demo data (what npm run db:reset made before scenarios).',
      'It carries the cards of the old ndjson card store into the records.',
      'The docs never mention that earlier layout.',
    ].join('\n');
    expect(historyLines(narrated)).toEqual([1, 3, 4, 5]);
    const current = [
      "the server's RSS throughout, from before the review opens.",
      'a reader sees the old data or the new, never a mix',
      "when the stylesheet differs from the old theme's default",
      'A check is made before writes.',
      'the id of a profile made before the failure.',
      'A key seen earlier in the same file makes an error line.',
    ].join('\n');
    expect(historyLines(current)).toEqual([]);
  });

  it('names repository paths in backticks, not patterns or other text', () => {
    const markdown = '`server/app.ts` `tests/e2e/*.e2e.test.ts` `server/<x>/` `npm test` `dist/a`';
    expect(namedPaths(markdown)).toEqual(['server/app.ts']);
  });
});

describe('the README and docs/', () => {
  it(`keeps the README within ${README_MAX_LINES} lines`, () => {
    expect(read(README).split('\n').length).toBeLessThanOrEqual(README_MAX_LINES + 1);
  });

  it('links only to files and headings that exist', () => {
    const problems = documents().flatMap((file) =>
      brokenLinks(file, read(file), existsInRepo, anchorsInRepo),
    );
    expect(problems).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const missing = documents().flatMap((file) =>
      namedPaths(read(file))
        .filter((repoPath) => !existsInRepo(repoPath) && !ignoredByGit(repoPath))
        .map((repoPath) => `${file}: ${repoPath}`),
    );
    expect(missing).toEqual([]);
  });

  it('links every document under docs/ from the README', () => {
    const linked = new Set(relativeLinks(read(README)).map((target) => target.split('#')[0]));
    const unlinked = documents()
      .slice(1)
      .filter((file) => !linked.has(file));
    expect(unlinked).toEqual([]);
  });

  it('narrates no work history', () => {
    const found = documents().flatMap((file) => {
      const text = read(file);
      const lines = text.split('\n');
      return historyLines(text).map((line) => `${file}:${line}: ${lines[line - 1]}`);
    });
    expect(found).toEqual([]);
  });
});

describe('the layout in docs/architecture.md', () => {
  const shown = layoutPaths(layoutTree(read(ARCHITECTURE)));

  it('shows only paths that exist', () => {
    const missing = shown.filter((repoPath) => {
      const full = path.join(ROOT, repoPath);
      if (!existsSync(full)) return true;
      return repoPath.endsWith('/') !== statSync(full).isDirectory();
    });
    expect(missing).toEqual([]);
  });

  it('shows every folder of the repository down to client/src/<folder>/<folder>', () => {
    const listed = new Set(shown);
    expect(foldersToShow(repositoryFiles()).filter((folder) => !listed.has(folder))).toEqual([]);
  });
});
