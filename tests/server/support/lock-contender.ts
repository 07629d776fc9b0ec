/**
 * A process that takes data folder locks when told (tests/server/lock-file.test.ts), so several
 * processes can race for one lock through the real lockDataFile. Run with `node --import tsx`.
 * It prints `ready`, then answers each line of its standard input with one line:
 *
 *   lock <data file>   took | refused <holder pid> | error <message>
 *   release            released (the lock it took last)
 *
 * It ends when its standard input closes.
 */
import { createInterface } from 'node:readline';
import { DataFileLockedError, lockDataFile, type DataFileLock } from '../../../server/db/lock-file';

let held: DataFileLock | undefined;

async function answer(line: string): Promise<string> {
  const [command = '', ...rest] = line.split(' ');
  if (command === 'lock') {
    try {
      held = await lockDataFile(rest.join(' '));
      return 'took';
    } catch (error) {
      if (error instanceof DataFileLockedError) return `refused ${error.holder.pid}`;
      return `error ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  if (command === 'release') {
    held?.release();
    held = undefined;
    return 'released';
  }
  return `error unknown command ${command}`;
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  void answer(line).then((reply) => process.stdout.write(`${reply}\n`));
});
process.stdout.write('ready\n');
