import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { type Outcome, refuse, success } from "~/security/edge.server";
import { text } from "~/security/text";
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

const checkSchema = z.object({
  code: text({ error: 'Send the code as {"code": "…"}.' }).max(200),
});

/** POST /api/discounts/validate: the code and its percentage, or 404 (S-CHK-3). */
export async function checkDiscountCode(db: Database, body: unknown): Promise<Outcome<Discount>> {
  const parsed = checkSchema.safeParse(body);
  if (!parsed.success) {
    return refuse(400, parsed.error.issues[0]?.message ?? 'Send the code as {"code": "…"}.');
  }
  const discount = await findDiscount(db, parsed.data.code);
  if (!discount) return refuse(404, "Invalid discount code.");
  return success(discount);
}
