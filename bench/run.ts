/**
 * `npm run bench`: every goal of the server's speed, in one run, each printed "met" / "NOT met"
 * in its section and again in a summary at the end (the run's exit code is 1 when a request
 * failed). The sections, in order; a flag runs one alone:
 *
 * 1. Server calls on loopback (`--json` runs only this and prints its numbers for tools), each
 *    a bounded number of requests, requests per second and latency percentiles:
 *    - lookups: GET /api/programs (auth check + read of the in-memory snapshot)
 *    - journal: the profile list, and profile updates (validation + checks + serialised writes)
 *    - published site: the site data (public), and balance checks against a store of
 *      BENCH_CARDS cards (default 200000; the import time is printed too)
 *    - login: POST /api/tokens at the production password-hash cost (slow by design)
 *    - writes: concurrent image uploads (multer + byte sniffing + serialised store writes)
 *    Options by environment: BENCH_REQUESTS (default 2000), BENCH_CONCURRENCY (default 32).
 *    Then the scheme calls against their journal counterparts (bench/schemes.ts): the scheme
 *    list and a configuration update as ratios to the profile list and a profile update.
 * 2. The data file's growth (`--store`, benchStoreGrowth below): one profile update at a time,
 *    median and p99, on the seed data and on a generated data file of BENCH_LARGE_MB (default
 *    20) MB; met when the large file's median is within 1.5 times the seed's. Also printed: the
 *    same updates 32 at a time, how long GET /config.json waits behind 50 updates, and an update
 *    replacing the logo (the old image looked for in the whole data file, then deleted).
 * 3. The API against a bare Express app (`--api`, bench/api.ts): requests/s as a percentage of
 *    the bare app's and p99 as a multiple of its p99, per endpoint.
 * 4. The store search (`--stores`, bench/stores.ts): a million stores imported, then the
 *    merchant site's store search timed against its 1 s goal.
 * 5. The card file imports (`--imports`, bench/imports.ts): a 1,000,000-line file imported
 *    through the real server (time, RSS growth, progress and journal reads meanwhile,
 *    event-loop delay), a 5,000,000-line one, and balance checks after 200,000 and after
 *    1,000,000 imported cards.
 * 6. The review of an import's error lines (`--review`, bench/review.ts): a 1,000,000-line card
 *    file with 50,000 bad lines of five kinds; the review opened, pages, one-line and bulk
 *    corrections, the corrections imported, and the server's RSS meanwhile.
 * Then the summary: each goal, the figure measured, met / NOT met, and each section's time.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MODULE_CODE, MODULE_CODE_HEADER } from '../contracts/api/constants';
import type { ImageUploadResult, Token } from '../contracts/api/entities';
import { createApp } from '../server/app';
import { JOURNAL_PATHS, JOURNAL_SITE_PATHS, type JournalProfile } from '../contracts/api/journal';
import { loadConfig, SEED_FILE } from '../server/config';
import type { Data } from '../server/db/schema';
import { Store } from '../server/db/store';
import { DEMO_CARD_PROGRAM_ID, seedDemoCards, storeCards } from '../server/records/demo-cards';
import { benchApi } from './api';
import { benchImports } from './imports';
import { benchReview } from './review';
import { measure, verdict, type Goal, type Result } from './measure';
import { benchSchemeCalls } from './schemes';
import { benchStores } from './stores';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const CARDS = Number(process.env.BENCH_CARDS ?? 200_000);

// The smallest valid PNG (1x1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A section of the run: its name, the flag that runs it alone, and what it measures. */
interface Section {
  name: string;
  flag: string;
  run: () => Promise<Goal[] | undefined>;
}

const SECTIONS: Section[] = [
  { name: 'server calls and scheme calls', flag: '--json', run: benchServerCalls },
  { name: 'data file growth', flag: '--store', run: async () => [await benchStoreGrowth()] },
  { name: 'API against a bare Express app', flag: '--api', run: benchApi },
  { name: 'store search', flag: '--stores', run: benchStores },
  {
    name: 'card file imports',
    flag: '--imports',
    // Its goals are printed in its own section; the summary lists them only if it returns Goals.
    run: async () => goalsIn(await benchImports()),
  },
  { name: 'import error review', flag: '--review', run: benchReview },
];

/** `value` when it is a list of Goals (what a section returned), otherwise undefined. */
function goalsIn(value: unknown): Goal[] | undefined {
  const isGoal = (item: unknown) =>
    typeof item === 'object' &&
    item !== null &&
    typeof (item as Goal).goal === 'string' &&
    typeof (item as Goal).measured === 'string' &&
    typeof (item as Goal).met === 'boolean';
  return Array.isArray(value) && value.length > 0 && value.every(isGoal)
    ? (value as Goal[])
    : undefined;
}

async function main() {
  const only = SECTIONS.find((section) => process.argv.includes(section.flag));
  if (only !== undefined) {
    await only.run();
    return;
  }
  const done: { section: Section; goals: Goal[] | undefined; seconds: number }[] = [];
  for (const section of SECTIONS) {
    const started = performance.now();
    const goals = await section.run();
    const seconds = (performance.now() - started) / 1000;
    done.push({ section, goals, seconds });
    console.log(`(${section.name}: ${seconds.toFixed(0)} s)\n`);
  }
  const total = done.reduce((sum, run) => sum + run.seconds, 0);
  console.log(
    `Summary (${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${(total / 60).toFixed(1)} min in all)`,
  );
  for (const { section, goals, seconds } of done) {
    console.log(`  ${section.name} (${seconds.toFixed(0)} s):`);
    if (goals === undefined) {
      console.log('    its goals are printed met / NOT met in its own section above');
      continue;
    }
    for (const goal of goals) {
      console.log(`    ${verdict(goal.met).padEnd(7)} ${goal.goal}: ${goal.measured}`);
    }
  }
}

/** Section 1: the server's calls in process, then the scheme calls against the journal's. */
async function benchServerCalls(): Promise<Goal[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const dbFile = path.join(dir, 'db.json');
  await writeFile(dbFile, await readFile(SEED_FILE));
  const config = loadConfig({
    DB_FILE: dbFile,
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    LOGIN_RATE_LIMIT: '1000000',
    API_RATE_LIMIT: '1000000',
    BALANCE_RATE_LIMIT: '1000000',
    CARD_PIN_ATTEMPTS: '1000',
    CLIENT_DIR: path.join(dir, 'no-client'),
  });

  // A large card store: the balance check must stay fast however many cards a program has.
  await seedDemoCards(config);
  const cardNumber = (n: number) => `7${String(n).padStart(15, '0')}`;
  const importStarted = performance.now();
  await storeCards(
    config,
    DEMO_CARD_PROGRAM_ID,
    Array.from({ length: CARDS }, (_, n) => ({
      cardNumber: cardNumber(n),
      pin: String(1000 + (n % 9000)),
      balanceCents: n % 100_000,
      currency: 'AUD',
      expiryDate: null,
      status: 'active' as const,
    })),
  );
  const importSeconds = (performance.now() - importStarted) / 1000;
  const store = await Store.open(dbFile);
  const app = createApp({ db: store, config });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const login = () =>
    fetch(`${base}/api/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
  const token = ((await (await login()).json()) as Token).token;
  const signedIn = { Authorization: token, [MODULE_CODE_HEADER]: MODULE_CODE };

  const profile = (await (
    await fetch(`${base}/api${JOURNAL_PATHS.profile(1)}`, { headers: signedIn })
  ).json()) as JournalProfile;
  let pick = 0;

  const results = [
    await measure('GET /api/programs', REQUESTS, CONCURRENCY, () =>
      fetch(`${base}/api/programs`, { headers: signedIn }),
    ),
    await measure('GET /api/myjournal/profiles', REQUESTS, CONCURRENCY, () =>
      fetch(`${base}/api${JOURNAL_PATHS.profiles}?page=1&pageSize=1000`, { headers: signedIn }),
    ),
    await measure('PUT /api/myjournal/profiles/1', Math.min(REQUESTS, 1000), CONCURRENCY, () =>
      fetch(`${base}/api${JOURNAL_PATHS.profile(1)}?returnBody=true`, {
        method: 'PUT',
        headers: { ...signedIn, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...profile, keywords: `bench ${(pick += 1)}` }),
      }),
    ),
    await measure('GET /mj/api/sites/demo-gift (public)', REQUESTS, CONCURRENCY, () =>
      fetch(`${base}${JOURNAL_SITE_PATHS.site('demo-gift')}`),
    ),
    await measure(`POST balance (${CARDS} cards)`, REQUESTS, CONCURRENCY, () => {
      const n = Math.floor(Math.random() * CARDS);
      return fetch(`${base}${JOURNAL_SITE_PATHS.balance('demo-gift')}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ cardNumber: cardNumber(n), pin: String(1000 + (n % 9000)) }),
      });
    }),
    // Hashing is deliberately slow (scrypt): a small, bounded run.
    await measure('POST /api/tokens (scrypt)', Math.min(REQUESTS, 100), 4, login),
    await measure('POST /images (serialised writes)', Math.min(REQUESTS, 1000), CONCURRENCY, () => {
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'bench.png');
      return fetch(`${base}/images`, { method: 'POST', headers: signedIn, body: form });
    }),
  ];
  const schemeVerdicts = await benchSchemeCalls(base, signedIn, REQUESTS, CONCURRENCY);

  await new Promise((resolve) => server.close(resolve));
  await store.close();
  await rm(dir, { recursive: true, force: true });

  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify({ cardImport: { cards: CARDS, seconds: importSeconds }, results }, null, 2),
    );
  } else {
    console.log(`Server benchmarks (loopback, ${os.cpus().length} cores)`);
    console.log(
      `card import: ${CARDS} cards in ${importSeconds.toFixed(1)} s (${(CARDS / importSeconds).toFixed(0)} cards/s)`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(34)} ${r.requests} requests x${r.concurrency}: ${r.perSecond.toFixed(0).padStart(6)} req/s` +
          `  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms` +
          (r.failures ? `  FAILURES ${r.failures}` : ''),
      );
    }
  }
  if (results.some((r) => r.failures > 0) || schemeVerdicts.some((v) => v.failures > 0)) {
    process.exitCode = 1;
  }
  return schemeVerdicts.map((v) => ({
    goal: `${v.name}: >= 80% of the journal call's rate`,
    measured: `${(v.ratio * 100).toFixed(0)}%${v.failures ? `, ${v.failures} failures` : ''}`,
    met: v.met,
  }));
}

const GROWTH_REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? 300);
const LARGE_MB = Number(process.env.BENCH_LARGE_MB ?? 20);
/** Logo replaces timed per data file (each drops, looks for and deletes the one before). */
const LOGO_REPLACES = 50;
/** The large file's median update within this many times the seed's. */
const GROWTH_GOAL = 1.5;

/** Paragraphs of page text that differ from page to page (so nothing compresses to a pattern). */
function pageContent(seed: number, bytes: number): string {
  const words = [
    'gift',
    'card',
    'balance',
    'store',
    'Sydney',
    'Melbourne',
    'terms',
    'valid',
    'purchase',
    'redeem',
    'online',
    'expiry',
    'months',
    'customer',
    'service',
    'contact',
  ];
  let text = '';
  let n = seed;
  while (text.length < bytes) {
    let sentence = '';
    for (let w = 0; w < 12; w += 1) {
      n = (n * 1_103_515_245 + 12_345) % 2_147_483_648;
      sentence += `${words[n % words.length]} `;
    }
    text += `<p>${sentence.trim()}.</p>`;
  }
  return text;
}

/** The seed plus journal sites (with their programs and pages) until the file is `megabytes`. */
function largeData(seed: Data, megabytes: number): Data {
  const data = structuredClone(seed);
  const [profile] = seed.journalProfiles;
  const [program] = seed.programs;
  if (profile === undefined || program === undefined) throw new Error('db.json: no profile');
  const pageTypes = seed.journalPageTypes.map((type) => type.pageTypeId);
  let bytes = JSON.stringify(data).length;
  let programId = Math.max(...seed.programs.map((p) => p.programId));
  let profileId = Math.max(...seed.journalProfiles.map((p) => p.profileId));
  let pageId = Math.max(0, ...seed.journalPages.map((p) => p.pageId));
  while (bytes < megabytes * 1024 * 1024) {
    programId += 1;
    const newProgram = { ...program, programId, schemeName: `Bench scheme ${programId}` };
    data.programs.push(newProgram);
    bytes += JSON.stringify(newProgram).length;
    for (let site = 0; site < 3; site += 1) {
      profileId += 1;
      const newProfile: JournalProfile = {
        ...profile,
        profileId,
        programId,
        siteUrl: `bench-${profileId}`,
        isPublished: 0,
        moduleCode: null,
        moduleCodeId: null,
        title: `Bench site ${profileId}`,
        description: pageContent(profileId, 300).replace(/<\/?p>/g, ' '),
        cssOverride: `${profile.cssOverride ?? ''}\n.bench-${profileId} { color: #${(profileId % 4096).toString(16).padStart(3, '0')}; }\n`,
      };
      data.journalProfiles.push(newProfile);
      bytes += JSON.stringify(newProfile).length;
      for (const pageTypeId of pageTypes.slice(0, 5)) {
        pageId += 1;
        const page = {
          pageId,
          pageTypeId,
          profileId,
          enabled: 1 as const,
          title: `Page ${pageId}`,
          content: pageContent(pageId, 3000),
          navItem: `Page ${pageId}`,
        };
        data.journalPages.push(page);
        bytes += JSON.stringify(page).length;
      }
    }
  }
  return data;
}

interface GrowthRun {
  label: string;
  fileBytes: number;
  update: Result;
  /**
   * The same update replacing the profile's logo with an image uploaded before: the save drops
   * the old logo, whose references the server then looks for in the whole data file before it
   * deletes it (server/images/unused-images.ts). Not a goal: beside `update`, its floor.
   */
  logoReplace: Result;
  /** The same updates, 32 at a time (group commit shares the file writes). */
  concurrent: Result;
  configWaitMs: number;
}

/** One profile update at a time on a data file holding `data`; then /config.json behind 50 updates. */
async function growthRun(label: string, data: Data): Promise<GrowthRun> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-store-'));
  try {
    const dbFile = path.join(dir, 'db.json');
    await writeFile(dbFile, JSON.stringify(data, null, 2));
    const config = loadConfig({
      DB_FILE: dbFile,
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: 'bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
      LOGIN_RATE_LIMIT: '1000000',
      API_RATE_LIMIT: '1000000',
      CLIENT_DIR: path.join(dir, 'no-client'),
    });
    const store = await Store.open(dbFile);
    const app = createApp({ db: store, config });
    const server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/tokens`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [MODULE_CODE_HEADER]: MODULE_CODE },
        body: JSON.stringify({ username: 'admin', password: 'admin123' }),
      });
      const signedIn = {
        Authorization: ((await login.json()) as Token).token,
        [MODULE_CODE_HEADER]: MODULE_CODE,
        'Content-Type': 'application/json',
      };
      const profile = (await (
        await fetch(`${base}/api${JOURNAL_PATHS.profile(1)}`, { headers: signedIn })
      ).json()) as JournalProfile;
      let pick = 0;
      const put = () =>
        fetch(`${base}/api${JOURNAL_PATHS.profile(1)}`, {
          method: 'PUT',
          headers: signedIn,
          body: JSON.stringify({ ...profile, keywords: `bench ${(pick += 1)}` }),
        });
      // Warm-up (JIT, caches), not measured.
      await measure('warm-up', 20, 1, put);
      const update = await measure(`PUT profile (${label})`, GROWTH_REQUESTS, 1, put);
      const concurrent = await measure(`PUT profile x32 (${label})`, GROWTH_REQUESTS, 32, put);
      // One image uploaded per replace, before the replaces are timed.
      const logos: string[] = [];
      for (let n = 0; n <= LOGO_REPLACES; n += 1) {
        const form = new FormData();
        form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
        const upload = await fetch(`${base}/images`, {
          method: 'POST',
          headers: { Authorization: signedIn.Authorization },
          body: form,
        });
        logos.push(((await upload.json()) as ImageUploadResult).id);
      }
      let logo = 0;
      const putLogo = () =>
        fetch(`${base}/api${JOURNAL_PATHS.profile(1)}`, {
          method: 'PUT',
          headers: signedIn,
          body: JSON.stringify({ ...profile, logo: logos[(logo += 1) % logos.length] }),
        });
      await putLogo();
      const logoReplace = await measure(
        `PUT profile, logo replaced (${label})`,
        LOGO_REPLACES,
        1,
        putLogo,
      );
      const updates = Array.from({ length: 50 }, put);
      const t0 = performance.now();
      await (await fetch(`${base}/config.json`)).arrayBuffer();
      const configWaitMs = performance.now() - t0;
      await Promise.all(updates.map(async (answer) => (await answer).arrayBuffer()));
      return {
        label,
        fileBytes: (await stat(dbFile)).size,
        update,
        logoReplace,
        concurrent,
        configWaitMs,
      };
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await store.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Section 2: a profile update at a 20 MB data file within 1.5 times its cost at the seed size. */
async function benchStoreGrowth(): Promise<Goal> {
  const seed = JSON.parse(await readFile(SEED_FILE, 'utf8')) as Data;
  const small = await growthRun('seed', seed);
  const large = await growthRun(`${LARGE_MB} MB`, largeData(seed, LARGE_MB));
  console.log(`Store growth: one profile update at a time, ${GROWTH_REQUESTS} updates each`);
  for (const run of [small, large]) {
    console.log(
      `${`data file ${(run.fileBytes / 1024 / 1024).toFixed(2)} MB`.padEnd(22)} median ${run.update.p50.toFixed(1)} ms  p99 ${run.update.p99.toFixed(1)} ms` +
        `  x32: median ${run.concurrent.p50.toFixed(1)} ms p99 ${run.concurrent.p99.toFixed(1)} ms` +
        `  GET /config.json behind 50 updates: ${run.configWaitMs.toFixed(1)} ms` +
        (run.update.failures ? `  FAILURES ${run.update.failures}` : ''),
    );
    console.log(
      `${''.padEnd(22)} logo replaced (the old one looked for in the data, then deleted): median ${run.logoReplace.p50.toFixed(1)} ms  p99 ${run.logoReplace.p99.toFixed(1)} ms` +
        (run.logoReplace.failures ? `  FAILURES ${run.logoReplace.failures}` : ''),
    );
  }
  const ratio = large.update.p50 / small.update.p50;
  const failures =
    small.update.failures +
    large.update.failures +
    small.logoReplace.failures +
    large.logoReplace.failures;
  const met = ratio <= GROWTH_GOAL && failures === 0;
  console.log(
    `${LARGE_MB} MB median / seed median = ${ratio.toFixed(2)} (p99 ${(large.update.p99 / small.update.p99).toFixed(2)}): ` +
      `${verdict(met)} (goal: within ${GROWTH_GOAL} times)`,
  );
  if (failures > 0) process.exitCode = 1;
  return {
    goal: `a profile update at a ${LARGE_MB} MB data file: median <= ${GROWTH_GOAL}x the seed's`,
    measured: `${ratio.toFixed(2)}x (${large.update.p50.toFixed(1)} ms / ${small.update.p50.toFixed(1)} ms)${failures ? `, ${failures} failures` : ''}${LARGE_MB < 20 ? " (smaller than the goal's 20 MB)" : ''}`,
    met: met && LARGE_MB >= 20,
  };
}

void main();
