/** Money and dates in the visitor's own locale (the browser's language). */

function locale(): string {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en';
}

export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale(), { style: 'currency', currency }).format(cents / 100);
  } catch {
    // An unknown currency code: still show the amount.
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** `2030-12-31` → e.g. `Dec 31, 2030`; the date is a calendar day, so no time zone shifts it. */
export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (match === null) return isoDate;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(time);
}
