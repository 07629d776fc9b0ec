/**
 * Run as `TZ=<zone> node --import tsx tests/support/epoch-dates-probe.ts` (a zone is read when
 * the process starts): prints, as JSON, the zone's offset on 1 Jan 2026 and every day of 2026
 * and 2027 whose picked date does not go out as its UTC midnight and come back as itself.
 */
import {
  epochDayText,
  fromEpochSeconds,
  toEpochSeconds,
} from '../../client/src/features/schemes/lib/epoch-dates';

const pad = (value: number) => String(value).padStart(2, '0');
const wrong: string[] = [];
for (let index = 0; index < 730; index += 1) {
  const utc = new Date(Date.UTC(2026, 0, 1 + index));
  const [year, month, day] = [utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate()];
  // What the date picker gives: the day at the browser's local midnight.
  const picked = new Date(year, month, day);
  const sent = toEpochSeconds(picked);
  const back = fromEpochSeconds(sent);
  const text = epochDayText(sent);
  const shown = `${pad(day)}.${pad(month + 1)}.${year}`;
  if (sent !== utc.getTime() / 1000 || back.getTime() !== picked.getTime() || text !== shown) {
    wrong.push(`${shown}: sent ${sent}, back ${back.toString()}, shown ${text}`);
  }
}
// Dates other clients sent as their local midnight: 1 Dec 2026 from Los Angeles and Kolkata.
const fromOthers = [Date.UTC(2026, 11, 1, 8), Date.UTC(2026, 10, 30, 18, 30)].map((ms) =>
  epochDayText(ms / 1000),
);
process.stdout.write(
  JSON.stringify({
    offset: new Date(Date.UTC(2026, 0, 1)).getTimezoneOffset(),
    wrong,
    fromOthers,
  }),
);
