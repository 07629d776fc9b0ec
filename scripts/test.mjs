// `npm test`: every check, in order of cost. Typecheck, lint and format first; then the unit and
// integration suites (client + server), the Pact contracts, and the browser tests. Stops at the
// first failing stage and ends with one line counting the tests that ran.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildClientIfNeeded, root } from './lib/build-client.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { runContracts } from './lib/pact-drift.mjs';
import { bin, run } from './lib/run.mjs';

console.log(`Node ${process.version}`);

const artifacts = path.join(root, 'tests/.artifacts');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const jestReport = (name) => ['--json', `--outputFile=${path.join(artifacts, `${name}.json`)}`];
const ci = process.env.CI ? ['--ci'] : [];

const stages = [
  ['typecheck', () => run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])],
  ['lint', () => run(bin('eslint'), ['--max-warnings', '0', '.'])],
  ['format', () => run(bin('prettier'), ['--check', '--log-level', 'warn', '.'])],
  [
    'unit and integration (client, server)',
    () => run(bin('jest'), ['--selectProjects', 'client', 'server', ...ci, ...jestReport('unit')]),
  ],
  [
    'contracts (pact consumer, drift check in CI, then provider verification)',
    () =>
      runContracts({
        consumerArgs: [...ci, ...jestReport('consumer')],
        providerArgs: [...ci, ...jestReport('provider')],
      }),
  ],
  [
    'browser (Chromium, real server)',
    async () => {
      ensureChromium();
      buildClientIfNeeded();
      return run(bin('jest'), ['--selectProjects', 'e2e', ...ci, ...jestReport('e2e')]);
    },
  ],
];

function totals() {
  let passed = 0;
  let failed = 0;
  for (const name of ['unit', 'consumer', 'provider', 'e2e']) {
    try {
      const report = JSON.parse(readFileSync(path.join(artifacts, `${name}.json`), 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    } catch {
      // stage did not run
    }
  }
  return { passed, failed };
}

const started = Date.now();
for (const [name, stage] of stages) {
  const stageStart = Date.now();
  console.log(`\n=== ${name} ===`);
  const code = await stage();
  console.log(
    `=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${((Date.now() - stageStart) / 1000).toFixed(1)} s)`,
  );
  if (code !== 0) {
    const { passed, failed } = totals();
    console.log(`\ntests: ${passed} passed, ${Math.max(failed, 1)} failed`);
    process.exit(code);
  }
}
const { passed, failed } = totals();
console.log(`\nAll stages passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
