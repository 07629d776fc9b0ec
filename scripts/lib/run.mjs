// Runs a command in the project root, forwarding output; resolves with its exit code.
import { spawn } from 'node:child_process';
import { root } from './build-client.mjs';

export function run(command, args, { env = {}, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? 'ignore' : 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/** A node_modules/.bin tool, run with this node. */
export function bin(name) {
  return `${root}/node_modules/.bin/${name}`;
}
