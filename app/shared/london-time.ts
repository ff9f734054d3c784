/**
 * Times and days in London, summer time included: the one place for the UK's clock. The back
 * office's date fields are UK wall-clock times (a `datetime-local` value such as
 * "2026-12-01T09:00"), stored as instants; the owner's figures and the returns window count UK
 * days; the storefront writes dates ("5 May 2026") by London's calendar.
 */
/** London's time zone, for what must name it (PostgreSQL's `AT TIME ZONE`, Intl's formatters). */
export const LONDON_ZONE = "Europe/London";

/**
 * London's offset from UTC by the UK's summer-time rule rather than by `Intl.DateTimeFormat`
 * (building an ICU formatter with a time zone costs a throttled phone about 0.2 s the first
 * time, which the storefront pays during hydration: docs/performance.md). British Summer Time
 * runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October
 * (the rule since 1996); outside it London is on UTC.
 */
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

/** The instant moved by London's offset: its UTC fields read as a London clock does. */
const asLondonClock = (instant: Date) =>
  new Date(instant.getTime() + (isBritishSummerTime(instant) ? 3_600_000 : 0));

/** "2026-12-01T09:00", the instant as it reads on a clock in London. */
export function toLondonLocal(instant: Date): string {
  return asLondonClock(instant).toISOString().slice(0, 16);
}

/** The year it is in London at this instant (2027 from midnight on New Year's Eve, UK time). */
export function londonYear(instant: Date): number {
  return asLondonClock(instant).getUTCFullYear();
}

/** "2026-11-24": the day it is in London at this instant. */
export function londonIsoDate(instant: Date): string {
  return asLondonClock(instant).toISOString().slice(0, 10);
}

/** The months as the shop writes them, January first. */
export const MONTHS = [
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

/** "5 May 2026": the London date of an instant, as the shop writes dates in running text. */
export function formatLondonDate(instant: Date): string {
  const clock = asLondonClock(instant);
  return `${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant a London clock shows this local time; undefined for text that is not one. */
export function fromLondonLocal(local: string): Date | undefined {
  const match = LOCAL.exec(local.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== d) return undefined;
  // London is UTC or UTC+1: try both offsets and keep the one whose clock reads the same.
  for (const offsetHours of [0, 1]) {
    const instant = new Date(asUtc - offsetHours * 3_600_000);
    if (toLondonLocal(instant) === local.trim()) return instant;
  }
  // A time skipped when the clocks go forward: the hour after.
  return new Date(asUtc);
}

/** "18:00": the time on a clock in London (24-hour). */
export function londonClockTime(instant: Date): string {
  return toLondonLocal(instant).slice(11, 16);
}

/** "24/11/2026 09:05": the day and time in London as a UK spreadsheet reads them. */
export function formatLondonNumeric(instant: Date): string {
  const [date, time] = toLondonLocal(instant).split("T") as [string, string];
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y} ${time}`;
}

/**
 * The back office's own formatters, by Intl for the abbreviated month names ("Sept"). Each is
 * built the first time it is used, never at import (see the cost above), and then kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function inLondon(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: LONDON_ZONE });
    formatters.set(key, format);
  }
  return format;
}

/** "1 Dec 2026, 09:00" in London, for lists. */
export function formatLondon(instant: Date): string {
  return inLondon({
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

/** "1 Dec 2026" in London: Intl's medium date. */
export function formatLondonMediumDate(instant: Date): string {
  return inLondon({ dateStyle: "medium" }).format(instant);
}

/** "1 Dec, 09:00" in London: a day of this year and its time, without the year. */
export function formatLondonDayTime(instant: Date): string {
  return inLondon({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(
    instant,
  );
}
