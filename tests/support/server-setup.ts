/**
 * The server tests' time budget: an upper bound, not a wait. Their requests go through the real
 * app (scrypt logins, file writes), and on a loaded 2-core machine jest's 5 s default ran out.
 */
jest.setTimeout(30_000);
