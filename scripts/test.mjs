// `npm test`: every check, in three stages. First the typecheck, lint, format check and the
// client build side by side (single-threaded tools: together they keep the cores busy); then the
// unit and integration suites (client + server, one jest worker per core: jest.config.ts); then
// the browser tests beside the Pact contracts. Stops after the first failing stage and ends with
// one line counting the tests that ran.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  CLIENT_BUILD,
  clientIsStale,
  root,
  sourcesHash,
  writeBuildStamp,
} from './lib/build-client.mjs';
import { ensureTestBrowser } from './lib/chromium.mjs';
import { runContracts } from './lib/pact-drift.mjs';
import { bin, browserWorkers, run, runCaptured, TYPECHECK } from './lib/run.mjs';

console.log(`Node ${process.version}`);

const artifacts = path.join(root, 'tests/.artifacts');
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const jestReport = (name) => ['--json', `--outputFile=${path.join(artifacts, `${name}.json`)}`];
const ci = process.env.CI ? ['--ci'] : [];
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** The client bundle the browser tests load, built unless dist/client is current. */
async function buildClient() {
  if (!clientIsStale()) return { code: 0, output: 'The client build is current.\n' };
  // Hashed before the build: a file edited while webpack runs makes the next run rebuild.
  const hash = sourcesHash();
  const result = await runCaptured(...CLIENT_BUILD);
  if (result.code === 0) writeBuildStamp(hash);
  return result;
}

/**
 * Runs the steps side by side. A step resolves with its exit code (its output went straight to
 * the terminal) or with `{ code, output }` (kept, printed in one piece when the step ends).
 * Resolves with 0 when all passed, else the first failure's exit code.
 */
async function sideBySide(steps) {
  const started = Date.now();
  const codes = await Promise.all(
    steps.map(async ([name, step]) => {
      const result = await step();
      const { code, output = '' } = typeof result === 'number' ? { code: result } : result;
      console.log(`\n--- ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds(started)})`);
      if (output.trim() !== '')
        process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      return code;
    }),
  );
  return codes.find((code) => code !== 0) ?? 0;
}

/**
 * Runs a command, keeping its output: `run`'s signature, for runContracts. A failing command is
 * named after its output, so a stage of several commands says which one failed.
 */
function keepingOutput(into) {
  return async (command, args, options) => {
    const { code, output } = await runCaptured(command, args, options);
    into.push(output);
    if (code !== 0) into.push(`${path.basename(command)} ${args.join(' ')}: exit code ${code}\n`);
    return code;
  };
}

const stages = [
  [
    'typecheck, lint, format and the client build',
    () =>
      sideBySide([
        ['typecheck', () => runCaptured(...TYPECHECK)],
        ['lint', () => runCaptured(bin('eslint'), ['--max-warnings', '0', '.'])],
        ['format', () => runCaptured(bin('prettier'), ['--check', '--log-level', 'warn', '.'])],
        ['client build (webpack, production)', buildClient],
      ]),
  ],
  [
    'unit and integration (client, server)',
    () => run(bin('jest'), ['--selectProjects', 'client', 'server', ...ci, ...jestReport('unit')]),
  ],
  [
    // The browser tests leave the cores partly idle (they wait on Chromium and their servers),
    // so the contracts run beside them.
    'browser (Chromium, real server) and contracts (pact consumer, drift check in CI, provider verification), side by side',
    () => {
      ensureTestBrowser();
      return sideBySide([
        [
          'browser',
          () =>
            run(bin('jest'), [
              '--selectProjects',
              'e2e',
              ...browserWorkers(),
              ...ci,
              ...jestReport('e2e'),
            ]),
        ],
        [
          'contracts',
          async () => {
            const output = [];
            const code = await runContracts({
              consumerArgs: [...ci, ...jestReport('consumer')],
              providerArgs: [...ci, ...jestReport('provider')],
              runner: keepingOutput(output),
            });
            return { code, output: output.join('') };
          },
        ],
      ]);
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
  console.log(`=== ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds(stageStart)})`);
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
