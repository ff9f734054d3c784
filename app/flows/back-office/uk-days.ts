import { londonIsoDate } from "~/shared/london-time";
/** UK days (London's, summer time included) for the owner's figures and exports. */

/** "2026-11-24": the day it is in London at this instant. */
export const ukDay = londonIsoDate;

/** The instant a UK day begins (midnight in London, summer time included). */
export function startOfUkDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // London is UTC or UTC+1 at midnight: the earlier candidate whose London day is `day`.
  for (const offsetHours of [1, 0]) {
    const instant = new Date(Date.UTC(y, m - 1, d) - offsetHours * 3_600_000);
    if (ukDay(instant) === day) return instant;
  }
  return new Date(Date.UTC(y, m - 1, d));
}

/** The last `days` UK days, oldest first, ending with the day of `now`. */
export function ukDaysEnding(now: Date, days: number): string[] {
  const today = ukDay(now);
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (days - 1 - i))).toISOString().slice(0, 10),
  );
}
