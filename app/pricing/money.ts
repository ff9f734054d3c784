/** Money is integer pence everywhere; this is the one place it becomes "£12.34" text. */
export type Pence = number;

export function formatPence(pence: Pence): string {
  if (!Number.isInteger(pence)) throw new Error(`Not a whole number of pence: ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100).toLocaleString("en-GB");
  return `${sign}£${pounds}.${String(abs % 100).padStart(2, "0")}`;
}

/** Pence as a plain decimal string ("29.99") for machine-readable places such as schema.org. */
export function penceToDecimal(pence: Pence): string {
  return (pence / 100).toFixed(2);
}

/** A bundle's price: the items' prices summed, less the percentage, rounded to the penny. */
export function bundlePricePence(itemPrices: readonly Pence[], discountPercent: number): Pence {
  const full = itemPrices.reduce((sum, pence) => sum + pence, 0);
  return Math.round((full * (100 - discountPercent)) / 100);
}
