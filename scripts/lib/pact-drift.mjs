// The contract stage, one place for `npm test` (scripts/test.mjs) and `npm run test:contracts`
// (scripts/contracts.mjs): the consumer tests regenerate contracts/pacts (cleared first, because
// interactions merge into existing files), in CI the regenerated files must be the committed
// ones (the backend team verifies those), then the provider verification runs them against
// createApp.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './build-client.mjs';
import { bin, run } from './run.mjs';

export const PACT_DIR = 'contracts/pacts';
const pactEnv = { PACT_DO_NOT_TRACK: 'true' };

/**
 * Fails (non-zero) when contracts/pacts differs from the commit: a changed, added or removed
 * pact file. Skipped (0) outside a git work tree.
 */
export async function checkPactDrift({ runner = run } = {}) {
  if (!existsSync(path.join(root, '.git'))) return 0;
  const status = spawnSync(
    'git',
    ['status', '--porcelain', '--untracked-files=all', '--', PACT_DIR],
    { cwd: root, encoding: 'utf8' },
  );
  if (status.status !== 0) {
    console.error(`git status failed: ${status.stderr || status.error?.message}`);
    return 1;
  }
  if (status.stdout.trim() === '') return 0;
  console.error(
    `${PACT_DIR} differs from the committed pact files: commit them.\n${status.stdout}`,
  );
  await runner('git', ['--no-pager', 'diff', '--stat', '--', PACT_DIR]);
  return 1;
}

/**
 * Consumer tests, drift check (when `driftCheck`, by default with CI=true), provider
 * verification. `consumerArgs` / `providerArgs` are extra jest arguments (e.g. --ci, a report).
 * `runner` runs each command (`run`'s signature; e.g. one that keeps the output to print later).
 * The consumer tests run in one process (--runInBand): the pact files are written in the same
 * order every time, so the drift check cannot flake.
 */
export async function runContracts({
  consumerArgs = [],
  providerArgs = [],
  driftCheck = process.env.CI === 'true',
  runner = run,
} = {}) {
  rmSync(path.join(root, PACT_DIR), { recursive: true, force: true });
  const consumer = await runner(
    bin('jest'),
    ['--selectProjects', 'consumer', '--runInBand', ...consumerArgs],
    { env: pactEnv },
  );
  if (consumer !== 0) return consumer;
  if (driftCheck) {
    const drift = await checkPactDrift({ runner });
    if (drift !== 0) return drift;
  }
  return runner(bin('jest'), ['--selectProjects', 'provider', ...providerArgs], { env: pactEnv });
}
