/**
 * Money is integer pence everywhere; this is the one place it becomes text, in three named
 * variants: `formatPence` for prices ("£1,234.50"), `formatPenceShort` for running text ("£75",
 * "£3.95") and `formatPenceDecimal` for machine-readable places (CSV, schema.org: "1234.50").
 */
export type Pence = number;

/** A price as customers read it: "£29.99", "£1,234.56", "-£3.99". */
export function formatPence(pence: Pence): string {
  if (!Number.isInteger(pence)) throw new Error(`Not a whole number of pence: ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  // Thousands grouped by hand: toLocaleString builds an ICU formatter on every call, which cost a
  // throttled phone about 150 ms of a page's hydration (npm run bench:throttled).
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}

/** A price in running text: "£75" for whole pounds, "£3.95" otherwise. */
export function formatPenceShort(pence: Pence): string {
  return formatPence(pence).replace(/\.00$/, "");
}

/** Pence as a plain decimal ("29.99", "1234567.89"), exact, for CSV cells and schema.org. */
export function formatPenceDecimal(pence: Pence): string {
  return formatPence(pence).replace(/[£,]/g, "");
}

/** A bundle's price: the items' prices summed, less the percentage, rounded to the penny. */
export function bundlePricePence(itemPrices: readonly Pence[], discountPercent: number): Pence {
  const full = itemPrices.reduce((sum, pence) => sum + pence, 0);
  return Math.round((full * (100 - discountPercent)) / 100);
}
