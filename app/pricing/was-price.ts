import type { Pence } from "./money";

/**
 * When a "was" (compare-at) price is genuine (X-TRUE-1; the CMA's price-reduction guidance and the
 * Digital Markets, Competition and Consumers Act 2024): the option sold at that price for at least
 * 28 days within the 6 months before the reduction started, and the reduction has not run longer
 * than the time it sold at that price, nor longer than 6 months. Pure, so the catalogue, the
 * editor's refusal and the tests share it.
 */
export const WAS_PRICE_MIN_DAYS = 28;
export const WAS_PRICE_WINDOW_DAYS = 183;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A price the option sold at from `startedAt` until the next row (or now). */
export interface PricePoint {
  pricePence: Pence;
  startedAt: number;
}

export type WasVerdict =
  | { genuine: true; reductionStartedAt: number; daysAtWas: number }
  | { genuine: false; reason: string };

/**
 * Whether `wasPence` may be shown beside the option's current price at `now`, from its price
 * history (oldest first; the last row is the current price, or `pricePence` starts at `now`).
 */
export function wasPriceVerdict(
  history: readonly PricePoint[],
  pricePence: Pence,
  wasPence: Pence,
  now: number,
): WasVerdict {
  if (wasPence <= pricePence) return { genuine: false, reason: "it is not above the price" };
  const points = [...history].sort((a, b) => a.startedAt - b.startedAt);
  if (points.at(-1)?.pricePence !== pricePence) points.push({ pricePence, startedAt: now });
  // The reduction began where the latest run of prices below the "was" price began.
  let start = points.length - 1;
  while (start > 0 && points[start - 1]!.pricePence < wasPence) start -= 1;
  const reductionStartedAt = points[start]!.startedAt;
  const windowStart = reductionStartedAt - WAS_PRICE_WINDOW_DAYS * DAY_MS;
  let msAtWas = 0;
  for (let i = 0; i < start; i += 1) {
    const point = points[i]!;
    if (point.pricePence !== wasPence) continue;
    const from = Math.max(point.startedAt, windowStart);
    const to = Math.min(points[i + 1]!.startedAt, reductionStartedAt);
    if (to > from) msAtWas += to - from;
  }
  const daysAtWas = Math.floor(msAtWas / DAY_MS);
  if (daysAtWas < WAS_PRICE_MIN_DAYS) {
    return {
      genuine: false,
      // Issue 53: a price never charged is said so, not "sold at that price for 0 days".
      reason:
        msAtWas === 0
          ? "it has never sold at that price in the 6 months before the reduction"
          : `it sold at that price for ${daysAtWas === 0 ? "less than a day" : daysAtWas === 1 ? "1 day" : `${daysAtWas} days`} in the 6 months before the reduction, and it needs ${WAS_PRICE_MIN_DAYS}`,
    };
  }
  const reducedMs = now - reductionStartedAt;
  if (reducedMs > msAtWas) {
    return { genuine: false, reason: "the reduction has run longer than it sold at that price" };
  }
  if (reducedMs > WAS_PRICE_WINDOW_DAYS * DAY_MS) {
    return { genuine: false, reason: "the reduction has run for more than 6 months" };
  }
  return { genuine: true, reductionStartedAt, daysAtWas };
}
