/**
 * Dates of the settlement and liability steps on the wire: epoch seconds (03 §3). The form holds
 * the picked calendar day as local midnight and sends that instant in whole seconds; the server
 * reads a date as the day of its nearest UTC midnight, and so does `fromEpochSeconds` here, so a
 * saved day comes back as the same day for any browser within 12 hours of UTC.
 */

const SECONDS_PER_DAY = 86_400;

/** Local midnight of the picked day, in whole epoch seconds. */
export function toEpochSeconds(date: Date): number {
  const midnight = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.floor(midnight.getTime() / 1000);
}

/** The calendar day an epoch-second date stands for, as local midnight. */
export function fromEpochSeconds(seconds: number): Date {
  const utcMidnight = new Date(Math.round(seconds / SECONDS_PER_DAY) * SECONDS_PER_DAY * 1000);
  return new Date(
    utcMidnight.getUTCFullYear(),
    utcMidnight.getUTCMonth(),
    utcMidnight.getUTCDate(),
  );
}
