import type { Pence } from "./money";

/** UK standard rate: every price in the shop includes it (X-UK-2). */
export const VAT_RATE_PERCENT = 20;

/** The VAT inside a VAT-inclusive amount: amount × 20/120, to the nearest penny (halves up). */
export function vatIncludedPence(grossPence: Pence): Pence {
  if (!Number.isInteger(grossPence) || grossPence < 0) {
    throw new Error(`Not an amount of pence: ${grossPence}`);
  }
  return Math.round((grossPence * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

export interface VatReceipt {
  label: string;
  vatPence: Pence;
  vatNumber: string;
}

/**
 * The VAT lines of a receipt for a total, or null when the shop has no VAT number: without one
 * there are no VAT lines anywhere (confirmation page, e-mail, packing slip).
 */
export function vatReceipt(totalPence: Pence, vatNumber: string | undefined): VatReceipt | null {
  if (!vatNumber) return null;
  return {
    label: `VAT included (${VAT_RATE_PERCENT}%)`,
    vatPence: vatIncludedPence(totalPence),
    vatNumber,
  };
}
