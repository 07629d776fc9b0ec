// Size report of the production build, raw and gzipped: what each page loads at first (the files
// its HTML names: the admin app's login screen, the published journal and merchant sites, whose
// budget webpack.config.ts holds) and every chunk the admin app loads on demand. `npm run build`
// prints it; `--json` for tools. The login screen has a budget: its JavaScript and its
// CSS, gzipped; over either, this exits with 1 and the build fails. The login screen loads
// nothing else before sign-in (client/src/app/boot.tsx).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/build-client.mjs';

const dist = path.join(root, 'dist/client');
const KIB = 1024;
/** The login screen's budget, gzipped: JavaScript 120 KiB, CSS 20 KiB. */
const LOGIN_BUDGET = { js: 120 * KIB, css: 20 * KIB };
const PAGES = [
  { name: 'Login screen (index.html)', html: 'index.html' },
  { name: 'Published journal site (mj/index.html)', html: 'mj/index.html' },
  { name: 'Published merchant site (mm/index.html)', html: 'mm/index.html' },
];

function namedFiles(htmlFile) {
  const file = path.join(dist, htmlFile);
  if (!existsSync(file)) return new Set();
  const html = readFileSync(file, 'utf8');
  return new Set(
    [...html.matchAll(/(?:src|href)=["']?\/?(assets\/[^"'\s>]+\.(?:js|css))/g)].map(
      (match) => match[1],
    ),
  );
}

const files = readdirSync(path.join(dist, 'assets'))
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => {
    const file = `assets/${name}`;
    const bytes = readFileSync(path.join(dist, file));
    return { file, raw: statSync(path.join(dist, file)).size, gzip: gzipSync(bytes).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);
const pages = PAGES.map((page) => {
  const named = namedFiles(page.html);
  return { ...page, files: files.filter((f) => named.has(f.file)) };
});
const initial = new Set(pages.flatMap((page) => page.files.map((f) => f.file)));
const onDemand = files.filter((f) => !initial.has(f.file));

const line = (f) =>
  console.log(`  ${f.file.padEnd(48)} ${kib(f.raw).padStart(11)} ${kib(f.gzip).padStart(11)} gz`);

const [login] = pages;
const loginGzip = (ext) =>
  sum(
    login.files.filter((f) => f.file.endsWith(ext)),
    'gzip',
  );
const budget = [
  { what: 'JavaScript', gzip: loginGzip('.js'), max: LOGIN_BUDGET.js },
  { what: 'CSS', gzip: loginGzip('.css'), max: LOGIN_BUDGET.css },
];
const overBudget = login.files.length === 0 || budget.some((b) => b.gzip > b.max);

if (process.argv.includes('--json')) {
  const [, journalSite, merchantSite] = pages;
  console.log(
    JSON.stringify(
      {
        login: login.files,
        journalSite: journalSite.files,
        merchantSite: merchantSite.files,
        onDemand,
        budget,
      },
      null,
      2,
    ),
  );
} else {
  console.log('\nSize report (dist/client)');
  for (const page of pages) {
    console.log(
      `${page.name} loads ${page.files.length} files: ${kib(sum(page.files, 'raw'))} raw, ${kib(sum(page.files, 'gzip'))} gzipped`,
    );
    page.files.forEach(line);
  }
  console.log(
    `Admin app, loaded on demand: ${onDemand.length} files, ${kib(sum(onDemand, 'gzip'))} gzipped in all`,
  );
  onDemand.forEach(line);
  console.log('Login screen budget (gzipped):');
  for (const b of budget) {
    const verdict = b.gzip <= b.max ? 'within budget' : 'OVER BUDGET';
    console.log(`  ${b.what.padEnd(11)} ${kib(b.gzip).padStart(10)} of ${kib(b.max)}: ${verdict}`);
  }
}
if (overBudget) {
  console.error(
    login.files.length === 0
      ? 'No build found for the login screen (dist/client/index.html): run `npm run build`.'
      : 'The login screen is over its size budget (scripts/size-report.mjs LOGIN_BUDGET).',
  );
  process.exitCode = 1;
}
