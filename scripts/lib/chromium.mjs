// Browser tests use Debian's Chromium; install it when missing (apt-get, about 25 s).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log(`${CHROMIUM} is missing: installing Debian's chromium package...`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
  ]) {
    const cmd = [...prefix, ...args];
    const result = spawnSync(cmd[0], cmd.slice(1), { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`Could not install Chromium (${cmd.join(' ')} failed). Install it and re-run.`);
      process.exit(1);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`Chromium was installed but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}
