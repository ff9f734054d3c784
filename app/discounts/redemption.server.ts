import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { discountCodes } from "./schema";
import {
  discountVerdict,
  type DiscountTerms,
  type DiscountVerdict,
  INVALID_CODE,
  refusalKind,
  USED_UP,
} from "~/discounts/rules";
import { ProblemError } from "~/shared/problems";

export interface Discount {
  code: string;
  percent: number;
}

/** A database or an open transaction. */
type Executor = Pick<Database, "select" | "update">;

/** Normalises a code as typed ("  save10 ") to how it is stored ("SAVE10"). */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

const termsColumns = {
  code: discountCodes.code,
  percent: discountCodes.percent,
  active: discountCodes.active,
  startsAt: discountCodes.startsAt,
  endsAt: discountCodes.endsAt,
  usageLimit: discountCodes.usageLimit,
  uses: discountCodes.uses,
  minimumSpendPence: discountCodes.minimumSpendPence,
};

async function termsOf(db: Executor, code: string): Promise<DiscountTerms | undefined> {
  const normalised = normaliseCode(code);
  if (!normalised || normalised.length > 40) return undefined;
  const [row] = await db
    .select(termsColumns)
    .from(discountCodes)
    .where(eq(discountCodes.code, normalised))
    .limit(1);
  return row;
}

/**
 * A code as typed, matched case-insensitively (S-CHK-3), checked against its dates at `now` (the
 * shop's clock), its limit and, when the subtotal is known, its minimum spend (X-OPS-9). The use
 * is only taken with the order.
 */
export async function findDiscount(
  db: Database,
  code: string,
  now: Date,
  subtotal?: number,
): Promise<DiscountVerdict> {
  return discountVerdict(await termsOf(db, code), now, subtotal);
}

/** The code could not be had when the order was stored (used up meanwhile, or changed). */
export class DiscountRefusedError extends ProblemError {
  constructor(message: string, kind: "used_up" | "invalid_input" | "conflict") {
    super(kind, message);
  }
}

/**
 * Takes one use of the code for a pending order, in the order's transaction (X-OPS-9): one
 * conditional update, so however many checkouts race, never more than the limit hold it (on
 * PostgreSQL a racing update waits for the row and re-checks `uses < usage_limit`). The percent
 * must still be the one the order was priced with. Throws DiscountRefusedError otherwise.
 *
 * The code's dates are checked at `now`, the shop's clock, not the database's now(): the time
 * goes into the UPDATE as a parameter, so the update and the verdict after it (and findDiscount
 * before it) agree on whether the code has started or ended.
 */
export async function takeDiscountUse(
  tx: Executor,
  discount: Discount,
  subtotal: number,
  now: Date,
): Promise<void> {
  const [taken] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.code, discount.code),
        eq(discountCodes.percent, discount.percent),
        eq(discountCodes.active, true),
        or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, now)),
        or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, now)),
        sql`(${discountCodes.usageLimit} IS NULL OR ${discountCodes.uses} < ${discountCodes.usageLimit})`,
        sql`(${discountCodes.minimumSpendPence} IS NULL OR ${discountCodes.minimumSpendPence} <= ${subtotal})`,
      ),
    )
    .returning({ code: discountCodes.code });
  if (taken) return;
  const verdict = discountVerdict(await termsOf(tx, discount.code), now, subtotal);
  if (!verdict.ok) throw new DiscountRefusedError(verdict.error, refusalKind(verdict.reason));
  // It is usable but not on the terms the order was priced with (the owner just edited it).
  if (verdict.discount.percent !== discount.percent) {
    throw new DiscountRefusedError(
      "This discount code has just changed; please apply it again.",
      "conflict",
    );
  }
  throw new DiscountRefusedError(USED_UP, "used_up");
}

/**
 * Gives back a cancelled or expired pending order's use of its code, in the transaction that
 * cancelled it; that transaction's conditional status update makes this happen once.
 */
export async function giveBackDiscountUse(tx: Executor, code: string | null): Promise<void> {
  if (!code) return;
  await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} - 1` })
    .where(and(eq(discountCodes.code, code), gt(discountCodes.uses, 0)));
}

export { INVALID_CODE };
