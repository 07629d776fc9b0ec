import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

/**
 * One time budget for every client test, independent of machine speed (on a loaded
 * 2-core machine jest's 5 s test timeout and Testing Library's 1 s `findBy`/`waitFor` default
 * ran out). These are upper bounds, not waits: a passing query returns as soon as it matches.
 * Tests do not pass smaller timeouts of their own.
 */
const ASYNC_UTIL_TIMEOUT_MS = 15_000;
const CLIENT_TEST_TIMEOUT_MS = 30_000;

configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
jest.setTimeout(CLIENT_TEST_TIMEOUT_MS);
