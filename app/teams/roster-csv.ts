import { BYTE_ORDER_MARK, csvRow } from "~/shared/csv";
import { UPLOAD_COLUMNS } from "./roster-rows";
import type { RosterEntry } from "./rules";

/** The roster file's columns (X-TEAM-3): the upload's, then the order each line is on. */
export const ROSTER_COLUMNS = [...UPLOAD_COLUMNS, "quantity", "order_number", "status"] as const;

/** The roster as CSV: UTF-8 with a byte-order mark, one row per line (X-TEAM-3). */
export function rosterCsv(roster: readonly RosterEntry[]): string {
  const rows = roster.map((entry) =>
    csvRow([
      entry.memberName,
      entry.email,
      entry.productId,
      entry.optionType,
      entry.size,
      entry.beltRank ?? "",
      entry.color ?? "",
      entry.printName ?? "",
      entry.quantity ?? 1,
      entry.orderNumber,
      entry.status,
    ]),
  );
  return `${BYTE_ORDER_MARK}${[csvRow(ROSTER_COLUMNS), ...rows].join("\r\n")}\r\n`;
}
