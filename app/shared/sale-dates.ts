import { MONTHS, toLondonLocal } from "./london-time";

/**
 * When an automatic sale runs, as a person writes it (X-TRUE-8), in UK time: "Until further
 * notice", "Ends 3 December at 18:00", "Starts 1 December at 09:00, ends 3 December at 18:00",
 * "Started 20 November at 09:00; until further notice". The year is said only when it is not
 * this year's. Pure: `now` comes from the shop's clock.
 */
export function saleDates(startsAt: Date | null, endsAt: Date | null, now: Date): string {
  const at = (instant: Date) => {
    const [date, time] = toLondonLocal(instant).split("T") as [string, string];
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    const thisYear = Number(toLondonLocal(now).slice(0, 4));
    return `${day} ${MONTHS[month - 1]}${year === thisYear ? "" : ` ${year}`} at ${time}`;
  };
  const start = startsAt
    ? `${startsAt.getTime() > now.getTime() ? "Starts" : "Started"} ${at(startsAt)}`
    : "";
  if (!endsAt) return start ? `${start}; until further notice` : "Until further notice";
  const ended = endsAt.getTime() <= now.getTime();
  const end = `${ended ? "Ended" : "Ends"} ${at(endsAt)}`;
  return start ? `${start}, ${end[0]!.toLowerCase()}${end.slice(1)}` : end;
}
