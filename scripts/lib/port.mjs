// A port checked before a start writes anything: `npm run dev` checks the server's and the dev
// client's ports before its reset and watchers (server/http/port-check.ts does the same in the
// server itself).
import { createServer } from 'node:net';

/** Undefined when `port` is free (or 0), else the line to stop with, naming `name`. */
export function portProblem(name, port) {
  if (Number(port) === 0) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => {
      if (error.code === 'EADDRINUSE') {
        resolve(
          `${name} ${port} is already in use: stop what listens on it, or set another ${name}`,
        );
      } else if (error.code === 'EACCES') {
        resolve(`${name} ${port} cannot be used: permission denied (set a ${name} from 1024 up)`);
      } else resolve(`${name} ${port} cannot be used: ${error.message}`);
    });
    probe.listen(Number(port), () => probe.close(() => resolve(undefined)));
  });
}
