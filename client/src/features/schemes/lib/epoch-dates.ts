/**
 * Dates of the settlement and liability steps on the wire: epoch seconds (03 §3). A date stands
 * for a calendar day, never an instant: the form sends the picked day's UTC midnight, so the
 * same day goes out whatever zone the browser runs in (a browser 14 hours east of UTC included).
 * A date is read as the day of its nearest UTC midnight, here and on the server
 * (server/schemes/finance-rules.ts `calendarDay`): that is the day itself for what this client
 * sends, and the picked day for a date another client sent as its local midnight from within
 * 12 hours of UTC.
 */
import { format } from 'date-fns';

const SECONDS_PER_DAY = 86_400;

/** UTC midnight of the picked day, in epoch seconds. */
export function toEpochSeconds(date: Date): number {
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 1000;
}

/** The calendar day an epoch-second date stands for, as local midnight (what the form holds). */
export function fromEpochSeconds(seconds: number): Date {
  const utcMidnight = new Date(Math.round(seconds / SECONDS_PER_DAY) * SECONDS_PER_DAY * 1000);
  return new Date(
    utcMidnight.getUTCFullYear(),
    utcMidnight.getUTCMonth(),
    utcMidnight.getUTCDate(),
  );
}

/** A date of the wire as dd.MM.yyyy (03 §9): the day it stands for, in any zone. */
export const epochDayText = (seconds: number): string =>
  format(fromEpochSeconds(seconds), 'dd.MM.yyyy');
