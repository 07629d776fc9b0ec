/**
 * The server's port, checked before the start writes anything (the data folder, its seed): a
 * port another process listens on stops the start with one plain line, not after the data work.
 * scripts/dev.mjs checks the same way before `npm run dev` starts its watchers.
 */
import { createServer } from 'node:net';

/** The line a listen error stops the start with. */
export function portProblem(port: number, error: NodeJS.ErrnoException): string {
  if (error.code === 'EADDRINUSE') {
    return `PORT ${port} is already in use: stop what listens on it, or set another PORT`;
  }
  if (error.code === 'EACCES') {
    return `PORT ${port} cannot be used: permission denied (set a PORT from 1024 up)`;
  }
  return `PORT ${port} cannot be used: ${error.message}`;
}

/** Listens on `port` as the server will, then lets it go; rejects with portProblem's line. */
export function checkPortFree(port: number): Promise<void> {
  // Port 0: the system picks a free one.
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(portProblem(port, error))),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}
