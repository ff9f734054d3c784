/**
 * The calendar date an instant falls on in London, worked out by the UK's summer-time rule
 * rather than by `Intl.DateTimeFormat`: building an ICU formatter with a time zone costs a
 * throttled phone about 0.2 s the first time, in the middle of the product page's hydration
 * (the reviews' dates). British Summer Time runs from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October (the rule since 1996); outside it London is on UTC.
 */

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** 01:00 UTC on the last Sunday of the month (0-based) in the year, as milliseconds. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Whether London's clocks are an hour ahead of UTC at this instant. */
export function isBritishSummerTime(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  const time = instant.getTime();
  return time >= lastSundayOneAm(year, 2) && time < lastSundayOneAm(year, 9);
}

/** The London calendar date of an instant: { year, month (1-12), day }. */
export function londonCalendarDate(instant: Date): { year: number; month: number; day: number } {
  const local = new Date(instant.getTime() + (isBritishSummerTime(instant) ? 3_600_000 : 0));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
  };
}

/** "5 May 2026": the London date of an instant, as the shop writes dates in running text. */
export function formatLondonDate(instant: Date): string {
  const { year, month, day } = londonCalendarDate(instant);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}
