/**
 * A picked day goes out and comes back as the same day whatever zone the browser runs in: the
 * zones furthest from UTC (UTC+14, UTC-11, UTC-12), DST changes, month and year ends. Each zone
 * runs in a process of its own (tests/support/epoch-dates-probe.ts): a zone is read when a
 * process starts.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

const run = promisify(execFile);
const PROBE = path.join(__dirname, '../../support/epoch-dates-probe.ts');

/** Each zone and its offset from UTC on 1 Jan 2026 in minutes, as getTimezoneOffset gives it. */
const ZONES: [string, number][] = [
  ['Pacific/Kiritimati', -14 * 60],
  ['Pacific/Auckland', -13 * 60],
  ['Asia/Kolkata', -330],
  ['UTC', 0],
  ['America/St_Johns', 210],
  ['America/Los_Angeles', 8 * 60],
  ['Pacific/Pago_Pago', 11 * 60],
  ['Etc/GMT+12', 12 * 60],
];

describe('settlement and liability dates on the wire', () => {
  it.each(ZONES)(
    'in %s: every day of 2026 and 2027 goes out as its UTC midnight and comes back as itself',
    async (zone, offset) => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', PROBE], {
        env: { ...process.env, TZ: zone },
      });
      expect(JSON.parse(stdout)).toEqual({
        offset,
        wrong: [],
        // A date another client sent as its local midnight from within 12 hours of UTC.
        fromOthers: ['01.12.2026', '01.12.2026'],
      });
    },
    30_000,
  );
});
