import type { Database } from "~/db/client.server";
import { vatRecordsBetween } from "~/orders/vat-records.server";
import { formatPenceDecimal } from "~/pricing/money";
import { BYTE_ORDER_MARK, csvRow } from "~/shared/csv";
import { startOfUkDay, ukDay } from "./uk-days";
import {
  nextDay,
  ratesOf,
  type VatEntry,
  type VatFigures,
  vatFigures,
  type VatPeriod,
} from "./vat-return";

/**
 * The period's entries (X-VAT-5), by UK day: the orders paid and the refunds settled in it, as
 * the orders capability records them (orders/vat-records.server.ts).
 */
export async function vatEntries(db: Database, period: VatPeriod): Promise<VatEntry[]> {
  const { sales, refunds } = await vatRecordsBetween(
    db,
    startOfUkDay(period.from),
    startOfUkDay(nextDay(period.to)),
  );
  const entries: VatEntry[] = [
    ...sales.map((sale) => ({
      kind: "sale" as const,
      day: ukDay(sale.at),
      orderNumber: sale.orderNumber,
      bands: sale.bands,
      giftCardsPence: sale.giftCardsPence,
    })),
    ...refunds.map((refund) => ({
      kind: "refund" as const,
      day: ukDay(refund.at),
      orderNumber: refund.orderNumber,
      bands: refund.bands,
      giftCardsPence: refund.giftCardsPence,
    })),
  ];
  return entries.sort((a, b) => a.day.localeCompare(b.day) || (a.kind < b.kind ? 1 : -1));
}

/** GET /api/admin/vat and /admin/vat: the return's figures for the period. */
export async function vatReturn(db: Database, period: VatPeriod): Promise<VatFigures> {
  return vatFigures(period, await vatEntries(db, period));
}

/**
 * /admin/vat.csv: one row per paid order and per refund in the period, with net, VAT and gross at
 * each rate (refunds as positive amounts, marked "refund": box 1 and box 6 are the sales' columns
 * less the refunds'), and last the gift cards the entry sold or refunded, outside VAT (X-GIFT-7).
 * Cells are escaped as every export's are (app/shared/csv.ts).
 */
export async function vatReturnCsv(
  db: Database,
  period: VatPeriod,
): Promise<{ csv: string; filename: string }> {
  const entries = await vatEntries(db, period);
  const rates = ratesOf(entries);
  const header = [
    "type",
    "date",
    "order_number",
    "gross",
    ...rates.flatMap((rate) => [`net_${rate}`, `vat_${rate}`, `gross_${rate}`]),
    // X-GIFT-7: gift cards sold (or their refund) on the entry: outside VAT, in no rate's columns.
    "gift_cards_outside_vat",
  ];
  const rows = entries.map((entry) => {
    const band = (rate: number) => entry.bands.find((b) => b.rate_percent === rate);
    return csvRow([
      entry.kind,
      entry.day,
      entry.orderNumber,
      formatPenceDecimal(entry.bands.reduce((acc, b) => acc + b.gross_pence, 0)),
      ...rates.flatMap((rate) => {
        const b = band(rate);
        return [
          formatPenceDecimal(b?.net_pence ?? 0),
          formatPenceDecimal(b?.vat_pence ?? 0),
          formatPenceDecimal(b?.gross_pence ?? 0),
        ];
      }),
      formatPenceDecimal(entry.giftCardsPence ?? 0),
    ]);
  });
  const csv = `${BYTE_ORDER_MARK}${[csvRow(header), ...rows].join("\r\n")}\r\n`;
  return { csv, filename: `vat-${period.from}-to-${period.to}.csv` };
}
