// Size report of the production build: what the login screen loads (the files index.html names)
// and every chunk loaded on demand, raw and gzipped. `npm run build` prints it; `--json` for tools.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/build-client.mjs';

const dist = path.join(root, 'dist/client');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set(
  [...html.matchAll(/(?:src|href)=["']?\/?(assets\/[^"'\s>]+\.(?:js|css))/g)].map(
    (match) => match[1],
  ),
);
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
const login = files.filter((f) => initial.has(f.file));
const onDemand = files.filter((f) => !initial.has(f.file));

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ login, onDemand }, null, 2));
} else {
  console.log('\nSize report (dist/client)');
  console.log(
    `Login screen loads ${login.length} files: ${kib(sum(login, 'raw'))} raw, ${kib(sum(login, 'gzip'))} gzipped`,
  );
  for (const f of login)
    console.log(`  ${f.file.padEnd(48)} ${kib(f.raw).padStart(11)} ${kib(f.gzip).padStart(11)} gz`);
  console.log(
    `Loaded on demand: ${onDemand.length} files, ${kib(sum(onDemand, 'gzip'))} gzipped in all`,
  );
  for (const f of onDemand)
    console.log(`  ${f.file.padEnd(48)} ${kib(f.raw).padStart(11)} ${kib(f.gzip).padStart(11)} gz`);
}
