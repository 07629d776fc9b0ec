/**
 * The real path of the data file (DB_FILE), symbolic links resolved: the lock, the data folder
 * and every write then name the file itself, so a link to it neither gets around the lock nor
 * gets replaced by a regular file on the first write (a write renames a temp file over its path).
 */
import { readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { hasErrorCode } from '../http/errno';

/** Links followed at most, as the kernel's own limit (ELOOP) on Linux. */
const MAX_LINKS = 40;

/**
 * `file` (absolute) with every symbolic link on its way resolved, also when it or some folders
 * on its way do not exist yet: a missing part is kept as written after its resolved parent, and a
 * link whose target does not exist yet resolves to that target. Throws what the file system
 * answers otherwise (a file where a folder should be, a loop, no permission).
 */
export function realPathOf(file: string, links = 0): string {
  try {
    return realpathSync(file);
  } catch (error) {
    if (!hasErrorCode(error, 'ENOENT')) throw error;
  }
  const parent = path.dirname(file);
  if (parent === file) return file;
  const realParent = realPathOf(parent, links);
  let target: string | undefined;
  try {
    target = readlinkSync(file);
  } catch {
    // Not a link (or it does not exist): kept as written.
  }
  if (target === undefined) return path.join(realParent, path.basename(file));
  if (links >= MAX_LINKS) {
    throw new Error(`${file}: too many levels of symbolic links`);
  }
  return realPathOf(path.resolve(realParent, target), links + 1);
}

/** True when both paths name one file: the same real path, or the same file by its inode. */
export function isSameFile(a: string, b: string): boolean {
  if (realPathOf(a) === realPathOf(b)) return true;
  try {
    const [first, second] = [statSync(a), statSync(b)];
    return first.dev === second.dev && first.ino === second.ino;
  } catch {
    return false; // one of them does not exist
  }
}
