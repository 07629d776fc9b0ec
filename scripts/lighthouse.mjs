// `npm run lighthouse`: Lighthouse (desktop preset) on the login screen, the journal dashboard,
// a journal wizard step and the published journal site, against the real server on a free port
// with a fresh data file seeded from db.json. Performance, accessibility and best practices must
// each reach GOAL; each page is audited RUNS times and each category's median is kept (a loaded
// 2-core machine makes single performance scores noisy). Prints a table and exits 1 below GOAL.
//
// Options: --runs=<n> (default 3), --only=<page,...> (login, dashboard, wizard, site),
// --report-dir=<dir> (writes each run's Lighthouse report, JSON), --details (lists every audit
// that lost points, also on pages that met the goal).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildClientIfNeeded } from './lib/build-client.mjs';
import { CHROMIUM, CHROMIUM_ARGS, ensureChromium } from './lib/chromium.mjs';
import { startServer } from './lib/portal-server.ts';

const GOAL = 95;
const CATEGORIES = [
  ['performance', 'perf'],
  ['accessibility', 'a11y'],
  ['best-practices', 'best'],
];
const DEMO_USER = { username: 'admin', password: 'admin123' };
/** The seed's published journal site (db.json, profile 1). */
const DEMO_PROFILE = { profileId: 1, siteUrl: 'demo-gift' };

/** The audited pages, in the order each round runs them. */
const PAGES = [
  { name: 'login', label: 'Login screen', route: '/#/', signedIn: false },
  { name: 'site', label: 'Published journal site', route: `/mj/#!/${DEMO_PROFILE.siteUrl}` },
  {
    name: 'dashboard',
    label: 'Journal dashboard',
    route: '/#/my-journal/dashboard',
    signedIn: true,
  },
  {
    name: 'wizard',
    label: 'Journal wizard, step 1',
    route: `/#/my-journal/wizard/client-setup?id=${DEMO_PROFILE.profileId}`,
    signedIn: true,
  },
];

// Puppeteer adds --headless.
const LIGHTHOUSE_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--disable-dev-shm-usage'];

function parseArgs(argv) {
  const options = { runs: 3, only: null, reportDir: null, details: false };
  for (const arg of argv) {
    const [key, value] = arg.split('=');
    if (key === '--runs' && Number(value) >= 1) options.runs = Math.floor(Number(value));
    else if (key === '--only' && value) options.only = value.split(',');
    else if (key === '--report-dir' && value) options.reportDir = path.resolve(value);
    else if (key === '--details') options.details = true;
    else {
      console.error(
        `Unknown option ${arg}. Options: --runs=<n> --only=<page,...> ` +
          '--report-dir=<dir> --details',
      );
      process.exit(2);
    }
  }
  return options;
}

/** lighthouse, its desktop preset and puppeteer-core (the version lighthouse itself uses, pinned in package.json). */
async function loadLighthouse() {
  try {
    const [{ default: lighthouse, desktopConfig }, { default: puppeteer }] = await Promise.all([
      import('lighthouse'),
      import('puppeteer-core'),
    ]);
    return { lighthouse, desktopConfig, puppeteer };
  } catch (error) {
    console.error(`Could not load lighthouse (${error.message}): run npm install.`);
    process.exit(1);
  }
}

/** Signs in through the login screen, as a user does, and waits for the journal dashboard. */
async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  await page.waitForSelector('input[autocomplete="username"]');
  await page.type('input[autocomplete="username"]', DEMO_USER.username);
  await page.type('input[autocomplete="current-password"]', DEMO_USER.password);
  await page.click('button[type="submit"]');
  await page.waitForFunction(
    () => window.location.hash.includes('/my-journal/dashboard') && document.querySelector('h1'),
    { timeout: 30_000 },
  );
}

/**
 * Empties the HTTP caches (disk and memory) as Lighthouse's own storage reset does: that reset
 * also clears the cookies and storage that hold the session, so it is off and this runs instead,
 * and every audit loads its page with a cold cache.
 */
async function clearHttpCache(page) {
  const session = await page.createCDPSession();
  try {
    await session.send('Network.clearBrowserCache');
    await session.send('Network.setCacheDisabled', { cacheDisabled: true });
    await session.send('Network.setCacheDisabled', { cacheDisabled: false });
  } finally {
    await session.detach();
  }
}

/** Attempts per run: Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP). */
const ATTEMPTS = 3;

/** One Lighthouse audit of `url` in `page` with a cold HTTP cache; its report (LHR). */
async function auditOnce(lighthouse, desktopConfig, page, url) {
  for (let attempt = 1; ; attempt += 1) {
    await clearHttpCache(page);
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: CATEGORIES.map(([id]) => id),
        // The session (token cookie, sessionStorage) must outlive each audit's navigation.
        disableStorageReset: true,
      },
      desktopConfig,
      page,
    );
    // The report as written at the end of this run (the live result object is not kept: later
    // runs in the same process were seen to change it).
    const lhr = typeof result?.report === 'string' ? JSON.parse(result.report) : undefined;
    if (lhr && !lhr.runtimeError) return lhr;
    const reason = lhr?.runtimeError?.message ?? 'no report';
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse failed on ${url}: ${reason}`);
    console.log(`  Lighthouse failed (${reason}); again.`);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Audits of a category that lost points in a report: id, score and title. */
function lostPoints(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map((audit) => {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      return `${audit.id} ${Math.round(audit.score * 100)}${value}: ${audit.title}`;
    });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const pages = options.only ? PAGES.filter((page) => options.only.includes(page.name)) : PAGES;
  if (pages.length === 0) {
    console.error(`No such page. Pages: ${PAGES.map((page) => page.name).join(', ')}`);
    process.exit(2);
  }
  const { lighthouse, desktopConfig, puppeteer } = await loadLighthouse();
  ensureChromium();
  buildClientIfNeeded();
  if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });

  const server = await startServer();
  let browser;
  const results = [];
  const stopAll = async () => {
    await browser?.close().catch(() => undefined);
    await server.stop();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: LIGHTHOUSE_CHROMIUM_ARGS,
      defaultViewport: null,
    });
    // A tab of its own (own cookies and storage) for the signed-out and the signed-in pages.
    const tabs = {};
    for (const signedIn of new Set(pages.map((target) => Boolean(target.signedIn)))) {
      const context = await browser.createBrowserContext();
      tabs[signedIn] = await context.newPage();
      if (signedIn) await signIn(tabs[signedIn], server.baseUrl);
    }
    // Round by round, every page once per round: a spell of load on this shared machine lowers
    // one run of several pages rather than every run of one page.
    const runsOf = new Map(pages.map((target) => [target, []]));
    for (let run = 1; run <= options.runs; run += 1) {
      for (const target of pages) {
        const url = `${server.baseUrl}${target.route}`;
        process.stdout.write(`${target.label}: run ${run} of ${options.runs}...\n`);
        const lhr = await auditOnce(lighthouse, desktopConfig, tabs[Boolean(target.signedIn)], url);
        // A signed-in page that showed the login screen measured the wrong page.
        if (target.signedIn && !lhr.finalDisplayedUrl.includes(target.route.slice(2))) {
          throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}: the session was lost`);
        }
        if (options.reportDir) {
          writeFileSync(
            path.join(options.reportDir, `${target.name}-${run}.json`),
            JSON.stringify(lhr, null, 1),
          );
        }
        runsOf.get(target).push(lhr);
      }
    }
    for (const [target, runs] of runsOf) {
      const scores = Object.fromEntries(
        CATEGORIES.map(([id]) => [
          id,
          runs.map((lhr) => Math.round((lhr.categories[id].score ?? 0) * 100)),
        ]),
      );
      results.push({ target, runs, scores });
    }
  } finally {
    await stopAll();
  }

  // The table: each category's median over the runs (every run's score in brackets).
  const header = ['page', ...CATEGORIES.map(([, short]) => short), `goal ${GOAL}`];
  const rows = results.map(({ target, scores }) => {
    const medians = CATEGORIES.map(([id]) => median(scores[id]));
    const cells = CATEGORIES.map(([id], index) =>
      options.runs > 1 ? `${medians[index]} [${scores[id].join(' ')}]` : String(medians[index]),
    );
    const met = medians.every((score) => score >= GOAL);
    return { met, medians, cells: [target.label, ...cells, met ? 'met' : 'NOT met'] };
  });
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row.cells[column].length)),
  );
  const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  console.log(
    `\nLighthouse ${results[0]?.runs[0]?.lighthouseVersion ?? ''}, desktop preset, ` +
      `median of ${options.runs} run(s) per page`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row.cells));
  // Lighthouse's measure of the machine's speed during each run (a busy machine scores low and
  // makes the performance scores of that run lower).
  const benchmarks = results.flatMap(({ runs }) =>
    runs.map((lhr) => Math.round(lhr.environment.benchmarkIndex)),
  );
  console.log(
    `Chromium benchmark index of each run, by page (lower: a busier machine): ${benchmarks.join(' ')}`,
  );

  // What lost points, from each page's median-performance run (all runs agree on the others).
  for (const [index, { target, runs, scores }] of results.entries()) {
    const row = rows[index];
    if (row.met && !options.details) continue;
    const perfMedian = median(scores.performance);
    const distance = (lhr) => Math.abs(lhr.categories.performance.score * 100 - perfMedian);
    const chosen = runs.reduce((best, lhr) => (distance(lhr) < distance(best) ? lhr : best));
    console.log(`\n${target.label}:`);
    for (const [id] of CATEGORIES) {
      const lost = lostPoints(chosen, id);
      if (lost.length > 0)
        console.log(`  ${id}:\n${lost.map((entry) => `    ${entry}`).join('\n')}`);
    }
  }
  const allMet = rows.every((row) => row.met);
  console.log(allMet ? `\nEvery page met ${GOAL}.` : `\nSome page is below ${GOAL}.`);
  process.exit(allMet ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
