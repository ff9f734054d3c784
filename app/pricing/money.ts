/**
 * Money is integer pence everywhere; this is the one place it becomes text, in three named
 * variants: `formatPence` for prices ("£1,234.50"), `formatPenceShort` for running text ("£75",
 * "£3.95") and `formatPenceDecimal` for machine-readable places (CSV, schema.org: "1234.50").
 */
export type Pence = number;

function parts(pence: Pence): { sign: string; pounds: number; pennies: string } {
  if (!Number.isInteger(pence)) throw new Error(`Not a whole number of pence: ${pence}`);
  const abs = Math.abs(pence);
  return {
    sign: pence < 0 ? "-" : "",
    pounds: Math.floor(abs / 100),
    pennies: String(abs % 100).padStart(2, "0"),
  };
}

/** A price as customers read it: "£29.99", "£1,234.56", "-£3.99". */
export function formatPence(pence: Pence): string {
  const { sign, pounds, pennies } = parts(pence);
  return `${sign}£${pounds.toLocaleString("en-GB")}.${pennies}`;
}

/** A price in running text: "£75" for whole pounds, "£3.95" otherwise. */
export function formatPenceShort(pence: Pence): string {
  const { sign, pounds, pennies } = parts(pence);
  return pennies === "00" ? `${sign}£${pounds.toLocaleString("en-GB")}` : formatPence(pence);
}

/** Pence as a plain decimal ("29.99", "1234567.89"), exact, for CSV cells and schema.org. */
export function formatPenceDecimal(pence: Pence): string {
  const { sign, pounds, pennies } = parts(pence);
  return `${sign}${pounds}.${pennies}`;
}

/** A bundle's price: the items' prices summed, less the percentage, rounded to the penny. */
export function bundlePricePence(itemPrices: readonly Pence[], discountPercent: number): Pence {
  const full = itemPrices.reduce((sum, pence) => sum + pence, 0);
  return Math.round((full * (100 - discountPercent)) / 100);
}
