// Chromium from Debian's packages, installed when missing (apt-get, as root or with
// password-less sudo). Two builds of the same release:
// - the full browser (`chromium`, CHROMIUM): `npm run lighthouse` and the font previews;
// - its headless shell (`chromium-headless-shell`, HEADLESS_SHELL): the browser tests. It is
//   Chromium's old headless mode as a browser of its own, which Playwright also runs by default
//   for headless tests: no window compositing, so the browser tests take about half the CPU and
//   time they take in the full browser.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The flags every Chromium the project starts runs with (chromium-args.json, which the browser
 * tests read too: tests/e2e/support/browser.ts): no sandbox (containers), no GPU, and nothing
 * that calls out. The machine may have no network; without the background-networking flags
 * Chromium floods refused connections.
 */
export { default as CHROMIUM_ARGS } from './chromium-args.json' with { type: 'json' };

/** Installs a Debian package; false (with apt's output printed) when it could not. */
function aptInstall(name) {
  console.log(`Installing Debian's ${name} package...`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) => {
    const cmd = [...prefix, 'apt-get', ...args];
    return spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env }).status === 0;
  };
  const install = () => apt('install', '-y', '-qq', '--no-install-recommends', name);
  // The package lists are fetched only when the install fails without them.
  return install() || (apt('update', '-qq') && install());
}

/** The full browser at CHROMIUM, installed when missing; exits when it cannot be. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log(`${CHROMIUM} is missing.`);
  if (!aptInstall('chromium')) {
    console.error(`Could not install Chromium. Install it (or set CHROMIUM_PATH) and re-run.`);
    process.exit(1);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium was installed but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}

/**
 * The browser of the browser tests, set as CHROMIUM_PATH for the test processes: CHROMIUM_PATH
 * when the caller set it, else the headless shell, installed when missing. When it cannot be
 * installed the tests run the full browser, and say so.
 */
export function ensureTestBrowser() {
  if (process.env.CHROMIUM_PATH) {
    ensureChromium();
    return;
  }
  if (
    existsSync(HEADLESS_SHELL) ||
    (aptInstall('chromium-headless-shell') && existsSync(HEADLESS_SHELL))
  ) {
    process.env.CHROMIUM_PATH = HEADLESS_SHELL;
    return;
  }
  console.warn(
    `${HEADLESS_SHELL} could not be installed: the browser tests run ${CHROMIUM}, at about twice the CPU.`,
  );
  ensureChromium();
  process.env.CHROMIUM_PATH = CHROMIUM;
}
