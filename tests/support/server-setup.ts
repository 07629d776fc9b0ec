import { expect } from '@jest/globals';

/**
 * The server tests' time budget: an upper bound, not a wait. Their requests go through the real
 * app (scrypt logins, file writes), and on a loaded 2-core machine jest's 5 s default ran out.
 */
jest.setTimeout(30_000);

/**
 * Two Buffers are equal when their bytes are (`Buffer.equals`). jest's own deep equality walks
 * a Buffer index by index like an object's keys, which for the data file compared before and
 * after a refused call (`expectNothingWritten`, a few hundred KB) costs about a sixth of the
 * server tests' CPU. Anything else is left to jest's equality; a failure still prints its diff.
 */
expect.addEqualityTesters([
  (a: unknown, b: unknown) => (Buffer.isBuffer(a) && Buffer.isBuffer(b) ? a.equals(b) : undefined),
]);
