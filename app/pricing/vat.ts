import type { Pence } from "./money";

/**
 * VAT by rate (X-VAT-1..5, issue 52): the one place the shop decides how much VAT is in what it
 * sells. Prices include VAT. A product is standard-rated (20%) or zero-rated (young children's
 * clothing and footwear, HMRC VAT Notice 714), and a zero-rated product may list the sizes of an
 * option that exceed HMRC's limits, which are standard-rated.
 */
export const VAT_RATES = ["standard", "zero"] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** UK standard rate: every standard-rated price in the shop includes it (X-UK-2). */
export const VAT_RATE_PERCENT = 20;

/** The percentage of each rate. */
export const RATE_PERCENT: Record<VatRate, number> = { standard: VAT_RATE_PERCENT, zero: 0 };

/** HMRC's notice on young children's clothing and footwear, linked from the product editor. */
export const ZERO_RATING_NOTICE_URL =
  "https://www.gov.uk/guidance/clothing-and-footwear-for-young-children-vat-notice-714";

/** One rate's part of an order (or of a refund): VAT-inclusive gross = net + VAT. */
export interface VatBand {
  rate_percent: number;
  net_pence: Pence;
  vat_pence: Pence;
  gross_pence: Pence;
}

function checkPence(pence: Pence): void {
  if (!Number.isInteger(pence) || pence < 0) throw new Error(`Not an amount of pence: ${pence}`);
}

/**
 * The VAT inside a VAT-inclusive amount at a rate: amount × rate/(100 + rate), to the nearest
 * penny, halves up (20%: amount × 20/120; 0%: nothing).
 */
export function vatIncludedPence(grossPence: Pence, ratePercent: number = VAT_RATE_PERCENT): Pence {
  checkPence(grossPence);
  return Math.round((grossPence * ratePercent) / (100 + ratePercent));
}

/** What the VAT rule reads of a product (the catalogue's products). */
export interface VatRatedProduct {
  vatRate?: VatRate;
  options: readonly { type: string; standardRatedSizes?: readonly string[] }[];
}

/**
 * The rate of one line (X-VAT-1): 20% unless the product is zero-rated and the chosen size is not
 * one of its option's standard-rated sizes (a size above HMRC's limits, the owner's judgement).
 */
export function lineVatRatePercent(
  product: VatRatedProduct | undefined,
  optionType: string,
  size: string,
): number {
  if (!product || product.vatRate !== "zero") return VAT_RATE_PERCENT;
  const option = product.options.find((candidate) => candidate.type === optionType);
  return option?.standardRatedSizes?.includes(size) ? VAT_RATE_PERCENT : 0;
}

/**
 * Splits `total` pence across parts in proportion to `weights`, exactly (the shares add up to
 * `total`): each part takes the floor of its exact share, and the pennies left go one each to the
 * parts with the largest remainders (the first of equal ones). All-zero weights: the first part.
 */
export function apportionPence(total: Pence, weights: readonly number[]): Pence[] {
  checkPence(total);
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new Error("Nothing to share the pence across.");
  }
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum <= 0) return weights.map((_, index) => (index === 0 ? total : 0));
  const shares = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const order = weights
    .map((weight, index) => ({ index, remainder: (total * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** A line as the VAT rule reads it: its gross (price × quantity), its rate, and whether the
 *  order's discount code applies to it (a team's line takes none, X-SEC-21). */
export interface VatLineInput {
  grossPence: Pence;
  ratePercent: number;
  discounted: boolean;
}

export interface VatLine {
  ratePercent: number;
  /** The line's part of its rate's VAT (its value after its share of the discount). */
  vatPence: Pence;
  /** Its share of the discount code. */
  discountPence: Pence;
}

export interface OrderVat {
  lines: VatLine[];
  /** By rate, highest first: what the receipt and the VAT return read. */
  breakdown: VatBand[];
}

/**
 * The VAT of an order (X-VAT-2), decided once when it is priced and stored with it:
 *
 * 1. The discount is shared across the lines it applies to by their value (HMRC: a discount
 *    reduces the value of the goods it is given on).
 * 2. Delivery is split between the rates by the value of the goods at each rate after the
 *    discount (HMRC VAT Notice 700/24: a delivery charge on goods of mixed rates is apportioned
 *    on a fair basis; value is the one it names). Delivery on goods worth nothing is standard.
 * 3. For each rate, the VAT is worked out once on that rate's gross (goods + its delivery) and
 *    rounded to the nearest penny, halves up, so a receipt's VAT is exactly its rate of its gross
 *    (a per-line rounding could drift by a penny per line from what HMRC computes on the total).
 * 4. Each line's VAT is its share of its rate's VAT by value (delivery keeps the rest), in whole
 *    pennies that add up.
 *
 * Every split gives out whole pennies that add up exactly (apportionPence).
 */
export function orderVat(input: {
  lines: readonly VatLineInput[];
  discountPence: Pence;
  deliveryPence: Pence;
}): OrderVat {
  const { lines } = input;
  for (const line of lines) checkPence(line.grossPence);
  checkPence(input.discountPence);
  checkPence(input.deliveryPence);
  const discountWeights = lines.map((line) => (line.discounted ? line.grossPence : 0));
  if (input.discountPence > discountWeights.reduce((acc, weight) => acc + weight, 0)) {
    throw new Error("The discount is more than the lines it applies to.");
  }
  const discounts = lines.length > 0 ? apportionPence(input.discountPence, discountWeights) : [];
  const goods = lines.map((line, index) => line.grossPence - (discounts[index] ?? 0));

  const rates = [...new Set(lines.map((line) => line.ratePercent))].sort((a, b) => b - a);
  if (!rates.includes(VAT_RATE_PERCENT)) rates.push(VAT_RATE_PERCENT);
  rates.sort((a, b) => b - a);
  const goodsAt = rates.map((rate) =>
    goods.reduce((acc, value, index) => acc + (lines[index]!.ratePercent === rate ? value : 0), 0),
  );
  const totalGoods = goodsAt.reduce((acc, value) => acc + value, 0);
  const deliveryAt =
    totalGoods > 0
      ? apportionPence(input.deliveryPence, goodsAt)
      : rates.map((rate) => (rate === VAT_RATE_PERCENT ? input.deliveryPence : 0));

  const lineVat = lines.map(() => 0);
  const breakdown: VatBand[] = [];
  rates.forEach((rate, r) => {
    const gross = goodsAt[r]! + deliveryAt[r]!;
    const vat = vatIncludedPence(gross, rate);
    const members = lines.flatMap((line, index) => (line.ratePercent === rate ? [index] : []));
    const shares = apportionPence(vat, [...members.map((index) => goods[index]!), deliveryAt[r]!]);
    members.forEach((index, m) => (lineVat[index] = shares[m]!));
    if (gross > 0) {
      breakdown.push({
        rate_percent: rate,
        net_pence: gross - vat,
        vat_pence: vat,
        gross_pence: gross,
      });
    }
  });
  if (breakdown.length === 0) {
    breakdown.push({ rate_percent: VAT_RATE_PERCENT, net_pence: 0, vat_pence: 0, gross_pence: 0 });
  }
  return {
    lines: lines.map((line, index) => ({
      ratePercent: line.ratePercent,
      vatPence: lineVat[index]!,
      discountPence: discounts[index] ?? 0,
    })),
    breakdown,
  };
}

/** One band at 20% for a total: how an order made before issue 52 was receipted (and migrated). */
export function standardOnly(totalPence: Pence): VatBand[] {
  const vat = vatIncludedPence(totalPence);
  return [
    {
      rate_percent: VAT_RATE_PERCENT,
      net_pence: totalPence - vat,
      vat_pence: vat,
      gross_pence: totalPence,
    },
  ];
}

/** An order's stored bands; one made before they were stored (none kept): 20% of its total. */
export function orderVatBands(order: {
  vatBreakdown?: readonly VatBand[] | null;
  totalPence: Pence;
}): readonly VatBand[] {
  return order.vatBreakdown?.length ? order.vatBreakdown : standardOnly(order.totalPence);
}

/** The VAT of all bands. */
export function totalVatPence(bands: readonly VatBand[]): Pence {
  return bands.reduce((acc, band) => acc + band.vat_pence, 0);
}

/**
 * The VAT a refund gives back (X-VAT-4), in proportion to what it refunds: `amountPence` is split
 * across the rates of what is refunded (`against`: the refunded lines' value at each rate; absent,
 * the order's own bands by their gross), and each rate gives back its VAT in proportion, worked
 * out on everything refunded at that rate so far, so refunding a whole order in parts gives back
 * exactly the VAT it was charged (never a penny more or less). A refunded zero-rated line gives
 * back no VAT.
 */
export function refundVat(input: {
  orderBands: readonly VatBand[];
  /** What earlier refunds of the order (not failed) gave back, by rate. */
  earlier: readonly VatBand[];
  amountPence: Pence;
  against?: readonly { ratePercent: number; grossPence: Pence }[];
}): VatBand[] {
  checkPence(input.amountPence);
  const bands = input.orderBands.length > 0 ? input.orderBands : standardOnly(0);
  const against =
    input.against && input.against.some((part) => part.grossPence > 0)
      ? mergeByRate(input.against)
      : bands.map((band) => ({ ratePercent: band.rate_percent, grossPence: band.gross_pence }));
  const shares = apportionPence(
    input.amountPence,
    against.map((part) => part.grossPence),
  );
  const refunded: VatBand[] = [];
  against.forEach((part, index) => {
    const gross = shares[index]!;
    if (gross === 0) return;
    const band = bands.find((candidate) => candidate.rate_percent === part.ratePercent);
    const before = input.earlier
      .filter((candidate) => candidate.rate_percent === part.ratePercent)
      .reduce(
        (acc, candidate) => ({
          gross: acc.gross + candidate.gross_pence,
          vat: acc.vat + candidate.vat_pence,
        }),
        { gross: 0, vat: 0 },
      );
    let vat: number;
    if (band && band.gross_pence > 0) {
      // The band's VAT in proportion to all refunded at this rate, less what was given back.
      const upTo = Math.min(before.gross + gross, band.gross_pence);
      vat = Math.round((upTo * band.vat_pence) / band.gross_pence) - before.vat;
      vat = Math.max(0, Math.min(vat, band.vat_pence - before.vat, gross));
    } else {
      vat = vatIncludedPence(gross, part.ratePercent);
    }
    refunded.push({
      rate_percent: part.ratePercent,
      net_pence: gross - vat,
      vat_pence: vat,
      gross_pence: gross,
    });
  });
  return refunded;
}

function mergeByRate(
  parts: readonly { ratePercent: number; grossPence: Pence }[],
): { ratePercent: number; grossPence: Pence }[] {
  const merged = new Map<number, number>();
  for (const part of parts) {
    merged.set(part.ratePercent, (merged.get(part.ratePercent) ?? 0) + part.grossPence);
  }
  return [...merged.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([ratePercent, grossPence]) => ({ ratePercent, grossPence }));
}

/** The label of a band on a receipt: "VAT at 20%", or "Zero-rated". */
export function bandLabel(ratePercent: number): string {
  return ratePercent === 0 ? "Zero-rated" : `VAT at ${ratePercent}%`;
}

export interface VatReceiptRow {
  ratePercent: number;
  label: string;
  /** The VAT at a rate above zero; the value of the zero-rated goods and delivery at zero. */
  amountPence: Pence;
}

export interface VatReceipt {
  /** The first row's label (kept for the receipt JSON's `vat.label`). */
  label: string;
  /** All the VAT in the order. */
  vatPence: Pence;
  /** "VAT at 20%" with its VAT; "Zero-rated" with its value, when the order has zero-rated goods. */
  rows: VatReceiptRow[];
  vatNumber: string;
}

/**
 * The VAT lines of a receipt from the order's stored bands (X-VAT-3), or null when the shop has
 * no VAT number: without one there are no VAT lines anywhere (confirmation page, e-mail, packing
 * slip, the owner's order page).
 */
export function vatReceipt(
  bands: readonly VatBand[],
  vatNumber: string | undefined | null,
): VatReceipt | null {
  if (!vatNumber) return null;
  const rows = [...bands]
    .filter((band) => band.gross_pence > 0 || band.rate_percent > 0)
    .sort((a, b) => b.rate_percent - a.rate_percent)
    .map((band) => ({
      ratePercent: band.rate_percent,
      label: bandLabel(band.rate_percent),
      amountPence: band.rate_percent === 0 ? band.gross_pence : band.vat_pence,
    }));
  if (rows.length === 0) {
    rows.push({
      ratePercent: VAT_RATE_PERCENT,
      label: bandLabel(VAT_RATE_PERCENT),
      amountPence: 0,
    });
  }
  return { label: rows[0]!.label, vatPence: totalVatPence(bands), rows, vatNumber };
}
