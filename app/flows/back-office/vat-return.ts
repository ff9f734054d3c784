import type { VatBand } from "~/pricing/vat";
import { ukDay } from "./uk-days";

/**
 * The owner's VAT return figures (X-VAT-5): for a period of UK days, the sales of the orders paid
 * in it and the refunds made in it, by rate. Box 1 (VAT due on sales) = the sales' VAT less the
 * refunds' VAT; box 6 (total sales excluding VAT, zero-rated included) = the sales' net less the
 * refunds' net. Pure: the server part (vat-return.server.ts) reads the rows.
 */

export interface VatPeriod {
  /** First UK day, "YYYY-MM-DD". */
  from: string;
  /** Last UK day, included. */
  to: string;
}

export interface VatByRate {
  rate_percent: number;
  sales_net_pence: number;
  sales_vat_pence: number;
  refunds_net_pence: number;
  refunds_vat_pence: number;
}

export interface VatFigures {
  from: string;
  to: string;
  box1_vat_due_pence: number;
  box6_sales_ex_vat_pence: number;
  by_rate: VatByRate[];
  /** X-GIFT-7: what the period's sales and refunds hold outside VAT, in no box and no rate. */
  outside_vat: {
    gift_cards_sold_pence: number;
    gift_cards_refunded_pence: number;
    why: string;
  };
}

/** X-GIFT-7: why gift cards are in no box, as the page and the JSON say it. */
export const GIFT_CARDS_OUTSIDE_VAT =
  "Gift cards are multi-purpose vouchers (the shop sells goods at more than one rate): selling one is outside the scope of VAT, so it is in no box and at no rate, and neither is its refund. VAT is due when a card is spent, by rate, on the goods it pays for, which are counted above like any other sale.";

/** A paid order or a refund in the period, with its bands (what the CSV lists). */
export interface VatEntry {
  kind: "sale" | "refund";
  /** The UK day it counts on: the order's payment, the refund's settling. */
  day: string;
  orderNumber: string;
  bands: readonly VatBand[];
  /** X-GIFT-7: gift cards sold or refunded in it, outside VAT (in none of its bands). */
  giftCardsPence?: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The day after a UK day. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The calendar quarter ("2026-Q4") a UK day falls in, and its first and last days. */
export function quarterOf(day: string): VatPeriod & { id: string; label: string } {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const q = Math.floor((m - 1) / 3);
  const from = `${y}-${String(q * 3 + 1).padStart(2, "0")}-01`;
  const to = new Date(Date.UTC(y, q * 3 + 3, 0)).toISOString().slice(0, 10);
  const months = ["January", "April", "July", "October"][q]!;
  const ends = ["March", "June", "September", "December"][q]!;
  return { id: `${y}-Q${q + 1}`, label: `${months} to ${ends} ${y}`, from, to };
}

/** The last `count` quarters, the current one first. */
export function recentQuarters(now: Date, count = 8) {
  const quarters = [];
  let day = ukDay(now);
  for (let i = 0; i < count; i += 1) {
    const quarter = quarterOf(day);
    quarters.push(quarter);
    const [y, m] = quarter.from.split("-").map(Number) as [number, number];
    day = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  }
  return quarters;
}

const QUARTER = /^(\d{4})-Q([1-4])$/;

/**
 * The period a request asks for: `quarter` ("2026-Q4"), or `from` and `to` (UK days, both
 * included); nothing: the current quarter by the shop's clock. A sentence when it cannot be read.
 */
export function parseVatPeriod(
  params: URLSearchParams,
  now: Date,
): { ok: true; period: VatPeriod } | { ok: false; message: string } {
  const quarter = params.get("quarter")?.trim();
  const from = params.get("from")?.trim();
  const to = params.get("to")?.trim();
  if (quarter) {
    const match = QUARTER.exec(quarter);
    if (!match) return { ok: false, message: 'The quarter must look like "2026-Q4".' };
    const month = (Number(match[2]) - 1) * 3 + 1;
    const { from: start, to: end } = quarterOf(`${match[1]}-${String(month).padStart(2, "0")}-01`);
    return { ok: true, period: { from: start, to: end } };
  }
  if (!from && !to) {
    const { from: start, to: end } = quarterOf(ukDay(now));
    return { ok: true, period: { from: start, to: end } };
  }
  if (!from || !to || !isDay(from) || !isDay(to)) {
    return {
      ok: false,
      message:
        "Give both dates, from and to, as YYYY-MM-DD (for example 2026-10-01 and 2026-12-31).",
    };
  }
  if (from > to) return { ok: false, message: "The from date must be on or before the to date." };
  return { ok: true, period: { from, to } };
}

/** Every rate the figures show: those in the entries, and always 20% and zero. */
export function ratesOf(entries: readonly VatEntry[]): number[] {
  const rates = new Set([20, 0]);
  for (const entry of entries) for (const band of entry.bands) rates.add(band.rate_percent);
  return [...rates].sort((a, b) => b - a);
}

/** The return's figures: the sum of the period's sales less the sum of its refunds, by rate. */
export function vatFigures(period: VatPeriod, entries: readonly VatEntry[]): VatFigures {
  const byRate = ratesOf(entries).map((rate): VatByRate => ({
    rate_percent: rate,
    sales_net_pence: 0,
    sales_vat_pence: 0,
    refunds_net_pence: 0,
    refunds_vat_pence: 0,
  }));
  for (const entry of entries) {
    for (const band of entry.bands) {
      const row = byRate.find((candidate) => candidate.rate_percent === band.rate_percent)!;
      if (entry.kind === "sale") {
        row.sales_net_pence += band.net_pence;
        row.sales_vat_pence += band.vat_pence;
      } else {
        row.refunds_net_pence += band.net_pence;
        row.refunds_vat_pence += band.vat_pence;
      }
    }
  }
  const sum = (pick: (row: VatByRate) => number) => byRate.reduce((acc, row) => acc + pick(row), 0);
  const giftCards = (kind: VatEntry["kind"]) =>
    entries
      .filter((entry) => entry.kind === kind)
      .reduce((acc, entry) => acc + (entry.giftCardsPence ?? 0), 0);
  return {
    from: period.from,
    to: period.to,
    box1_vat_due_pence: sum((row) => row.sales_vat_pence - row.refunds_vat_pence),
    box6_sales_ex_vat_pence: sum((row) => row.sales_net_pence - row.refunds_net_pence),
    by_rate: byRate,
    outside_vat: {
      gift_cards_sold_pence: giftCards("sale"),
      gift_cards_refunded_pence: giftCards("refund"),
      why: GIFT_CARDS_OUTSIDE_VAT,
    },
  };
}
