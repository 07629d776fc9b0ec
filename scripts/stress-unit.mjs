// `npm exec -- node scripts/stress-unit.mjs [N]`: runs the unit stage of `npm test` (the client
// and server jest projects, as scripts/test.mjs runs them) N times in a row (default 5) and
// reports each run: passed and failed counts, time, and the names of failed tests. Exits 1 when
// any run failed. Run it through npm exec: jest starts through its `env node` line, on the first
// node on PATH, and npm exec puts the project's Node there. Meant to be run while the machine is busy (e.g. beside another `npm test`), to show
// the suite does not depend on machine speed. Extra arguments after N go to jest. Each run's
// full jest output is kept in a temporary folder, named at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { root } from './lib/build-client.mjs';
import { bin } from './lib/run.mjs';

const [count = '5', ...jestArgs] = process.argv.slice(2);
const runs = Number.parseInt(count, 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm exec -- node scripts/stress-unit.mjs [N] [jest arguments]');
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), 'stress-unit-'));
const ci = process.env.CI ? ['--ci'] : [];
const results = [];

for (let index = 1; index <= runs; index += 1) {
  const report = path.join(dir, `run-${index}.json`);
  const log = path.join(dir, `run-${index}.log`);
  const started = Date.now();
  console.log(`\n=== unit stage, run ${index} of ${runs} (output: ${log}) ===`);
  const code = await jest(
    [
      ...jestArgs,
      '--selectProjects',
      'client',
      'server',
      ...ci,
      '--json',
      `--outputFile=${report}`,
    ],
    log,
  );
  const seconds = (Date.now() - started) / 1000;
  let passed = 0;
  let failed = 0;
  let failedSuites = 0;
  const failures = [];
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed = json.numPassedTests;
    failed = json.numFailedTests;
    failedSuites = json.numFailedTestSuites;
    for (const suite of json.testResults) {
      const file = path.relative(process.cwd(), suite.name);
      for (const test of suite.assertionResults) {
        if (test.status === 'failed') {
          failures.push(`${file} › ${test.fullName}\n      ${firstLine(test.failureMessages)}`);
        }
      }
      if (suite.status === 'failed' && suite.assertionResults.length === 0) {
        failures.push(`${file} (suite failed to run)\n      ${firstLine([suite.message])}`);
      }
    }
  } catch {
    failures.push('no jest report (jest did not finish)');
  }
  const ok = code === 0 && failed === 0 && failedSuites === 0;
  results.push({ index, ok, passed, failed, seconds });
  console.log(
    `run ${index}: ${ok ? 'PASSED' : 'FAILED'}: ${passed} passed, ${failed} failed, ` +
      `${seconds.toFixed(1)} s`,
  );
  for (const failure of failures) console.log(`  - ${failure}`);
}

/** Runs jest in the project root with its output in `log`; resolves with the exit code. */
function jest(args, log) {
  const fd = openSync(log, 'w');
  return new Promise((resolve) => {
    const child = spawn(bin('jest'), args, { cwd: root, stdio: ['ignore', fd, fd] });
    child.on('exit', (code, signal) => {
      closeSync(fd);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      console.error(`jest: ${error.message}`);
      resolve(1);
    });
  });
}

function firstLine(messages) {
  const text = stripVTControlCharacters((messages ?? []).join('\n'));
  return text.split('\n').find((line) => line.trim() !== '') ?? '';
}

const passedRuns = results.filter((result) => result.ok).length;
console.log(`\n${passedRuns} of ${runs} runs passed (jest output in ${dir}).`);
for (const { index, ok, passed, failed, seconds } of results) {
  console.log(
    `  run ${index}: ${ok ? 'passed' : 'FAILED'} (${passed} passed, ${failed} failed, ${seconds.toFixed(1)} s)`,
  );
}
process.exit(passedRuns === runs ? 0 : 1);
