import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { discountCodes } from "~/db/schema";

export interface Discount {
  code: string;
  percent: number;
}

/** Normalises a code as typed ("  save10 ") to how it is stored ("SAVE10"). */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** An active discount code, matched case-insensitively (S-CHK-3); undefined otherwise. */
export async function findDiscount(db: Database, code: string): Promise<Discount | undefined> {
  const normalised = normaliseCode(code);
  if (!normalised || normalised.length > 40) return undefined;
  const [row] = await db
    .select({ code: discountCodes.code, percent: discountCodes.percent })
    .from(discountCodes)
    .where(and(eq(discountCodes.code, normalised), eq(discountCodes.active, true)))
    .limit(1);
  return row;
}
