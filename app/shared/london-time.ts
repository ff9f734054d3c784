/**
 * The back office's date fields are UK wall-clock times (a `datetime-local` value such as
 * "2026-12-01T09:00"), stored as instants. These turn one into the other in Europe/London,
 * summer time included.
 */
const ZONE = "Europe/London";

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-12-01T09:00", the instant as it reads on a clock in London. */
export function toLondonLocal(instant: Date): string {
  const got = Object.fromEntries(parts.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${got.year}-${got.month}-${got.day}T${got.hour}:${got.minute}`;
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

/** "1 Dec 2026, 09:00" in London, for lists. */
export function formatLondon(instant: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}
