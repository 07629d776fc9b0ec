// Size report of the production build, raw and gzipped: what each page loads at first (the files
// its HTML names: the admin app's login screen, the published journal site) and every chunk the
// admin app loads on demand. `npm run build` prints it; `--json` for tools.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/build-client.mjs';

const dist = path.join(root, 'dist/client');
const PAGES = [
  { name: 'Login screen (index.html)', html: 'index.html' },
  { name: 'Published journal site (mj/index.html)', html: 'mj/index.html' },
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

if (process.argv.includes('--json')) {
  const [login, site] = pages;
  console.log(JSON.stringify({ login: login.files, journalSite: site.files, onDemand }, null, 2));
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
}
