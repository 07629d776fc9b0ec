/**
 * The server under `npm run dev` (scripts/dev.mjs): `tsx watch` restarts it at each save, and a
 * server that cannot listen ends while the watcher waits for the next change, leaving the dev
 * client proxying to whatever holds the port. So a server that cannot listen asks the script
 * (DEV_SCRIPT_PID, which it sets) to stop the whole command, as a port in use at its start does.
 */

/** The signal scripts/dev.mjs stops on. Node uses SIGUSR1 for its inspector, SIGUSR2 for nothing. */
export const DEV_SCRIPT_STOP_SIGNAL = 'SIGUSR2';

/** Asks the `npm run dev` script of process `pid` to stop; nothing without one or once it is gone. */
export function stopDevScript(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, DEV_SCRIPT_STOP_SIGNAL);
  } catch {
    // The script has ended already.
  }
}
