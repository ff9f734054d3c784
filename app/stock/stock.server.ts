import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { variantStock } from "./schema";
import {
  perOrderMessage,
  shortMessage,
  type StockLevels,
  type StockLineChoice,
  type StockLookup,
  type StockProduct,
  type Variant,
  variantKey,
  variantsOfLine,
} from "./stock";
import { logError } from "~/security/log.server";
import type { Catalogue } from "~/catalogue/catalogue";
import type { StockAnswer } from "./useStockLevels";
import { ProblemError } from "~/shared/problems";

/**
 * GET /api/stock's answer: every stocked variant's level, and the products a cart needs to read
 * them (the stocked ones' names, the bundles' items), so the catalogue stays on the server.
 */
export async function stockAnswer(db: Database, catalogue: Catalogue): Promise<StockAnswer> {
  const levels = await stockLevels(db);
  const products: Record<string, StockProduct> = {};
  const named = new Set(Object.keys(levels).map((key) => key.split("|")[0]!));
  for (const product of catalogue.all.values()) {
    if (product.status !== "active" || !(product.bundle || named.has(product.id))) continue;
    products[product.id] = product.bundle
      ? { name: product.name, bundle: { productIds: product.bundle.productIds } }
      : { name: product.name };
  }
  return { levels, products };
}

/** What is left of every stocked variant (of the given products, or all). */
export async function stockLevels(
  db: Database,
  productIds?: readonly string[],
): Promise<StockLevels> {
  const rows = await db
    .select()
    .from(variantStock)
    .where(
      and(
        isNotNull(variantStock.quantity),
        productIds ? inArray(variantStock.productId, [...productIds]) : undefined,
      ),
    );
  return Object.fromEntries(rows.map((row) => [variantKey(row), row.quantity ?? 0]));
}

/** A line cannot be had: nothing was taken, and the order's transaction is rolled back. */
export class StockShortError extends ProblemError {
  constructor(
    message: string,
    readonly lineIndex: number,
  ) {
    super("out_of_stock", message, { extra: { lineIndex } });
    this.name = "StockShortError";
  }
}

/**
 * An order asks for more of a stocked variant than one order may hold (X-SEC-11): a 400, not a
 * shortage; nothing was taken.
 */
export class StockLimitError extends ProblemError {
  constructor(
    message: string,
    readonly lineIndex: number,
  ) {
    super("invalid_input", message, { extra: { lineIndex } });
    this.name = "StockLimitError";
  }
}

export interface Reservation extends Variant {
  quantity: number;
}

export interface ReservedLines {
  /** Per line: every item of it came from stock. */
  fromStock: boolean[];
  /** Per line: what it took, to record against the stored line. */
  taken: Reservation[][];
}

const byVariant = (variant: Variant) =>
  and(
    eq(variantStock.productId, variant.productId),
    eq(variantStock.optionType, variant.optionType),
    eq(variantStock.size, variant.size),
    eq(variantStock.color, variant.color),
  );

/**
 * Takes the stock of every stocked line, inside the order's own transaction (X-STK-3): one
 * conditional decrement per variant, never below zero, in a fixed order so two orders cannot
 * deadlock. A variant that is short throws StockShortError, and the caller's rollback gives back
 * whatever this order had taken so far. Made-to-order variants (no row, or NULL) take nothing.
 * One order takes at most `mostPerVariant` of a stocked variant, its lines together (X-SEC-11):
 * more throws StockLimitError; made-to-order variants have no such cap.
 */
export async function reserveStock(
  tx: Database,
  lines: readonly StockLineChoice[],
  lookup: StockLookup,
  mostPerVariant = Number.POSITIVE_INFINITY,
): Promise<ReservedLines> {
  const needs = new Map<string, { variant: Variant; quantity: number; firstLine: number }>();
  const lineVariants = lines.map((line, index) => {
    const variants = variantsOfLine(line, lookup);
    for (const variant of variants) {
      const key = variantKey(variant);
      const need = needs.get(key) ?? { variant, quantity: 0, firstLine: index };
      need.quantity += line.quantity;
      needs.set(key, need);
    }
    return variants;
  });

  const stocked = new Set<string>();
  for (const key of [...needs.keys()].sort()) {
    const { variant, quantity, firstLine } = needs.get(key)!;
    if (quantity > mostPerVariant) {
      const [row] = await tx
        .select({ quantity: variantStock.quantity })
        .from(variantStock)
        .where(byVariant(variant));
      if (row?.quantity != null) {
        throw new StockLimitError(perOrderMessage(variant, mostPerVariant, lookup), firstLine);
      }
      continue;
    }
    const taken = await tx
      .update(variantStock)
      .set({
        quantity: sql`${variantStock.quantity} - ${quantity}`,
        updatedAt: sql`now()`,
      })
      .where(and(byVariant(variant), sql`${variantStock.quantity} >= ${quantity}`))
      .returning({ quantity: variantStock.quantity });
    if (taken.length === 1) {
      stocked.add(key);
      continue;
    }
    const [row] = await tx
      .select({ quantity: variantStock.quantity })
      .from(variantStock)
      .where(byVariant(variant));
    if (row?.quantity != null) {
      throw new StockShortError(shortMessage(variant, row.quantity, lookup), firstLine);
    }
  }

  return {
    fromStock: lineVariants.map(
      (variants) => variants.length > 0 && variants.every((v) => stocked.has(variantKey(v))),
    ),
    taken: lineVariants.map((variants, index) =>
      variants
        .filter((v) => stocked.has(variantKey(v)))
        .map((v) => ({ ...v, quantity: lines[index]!.quantity })),
    ),
  };
}

/**
 * Puts back what an order had taken (the reservations app/orders/reservations.server.ts has just
 * marked returned, exactly once): one increment per variant, in a fixed order. A variant the
 * owner has since made made-to-order (NULL) stays so. Call it inside the transaction that
 * cancels the order.
 */
export async function giveBackTaken(tx: Database, returned: readonly Reservation[]): Promise<void> {
  const totals = new Map<string, Reservation>();
  for (const row of returned) {
    const key = variantKey(row);
    const total = totals.get(key) ?? {
      productId: row.productId,
      optionType: row.optionType,
      size: row.size,
      color: row.color,
      quantity: 0,
    };
    total.quantity += row.quantity;
    totals.set(key, total);
  }
  for (const key of [...totals.keys()].sort()) {
    const { quantity, ...variant } = totals.get(key)!;
    await tx
      .update(variantStock)
      .set({ quantity: sql`${variantStock.quantity} + ${quantity}`, updatedAt: sql`now()` })
      .where(and(byVariant(variant), isNotNull(variantStock.quantity)));
  }
}

/** Stock for a page: a database failure shows everything as made to order, never a broken page. */
export async function stockLevelsOrEmpty(
  db: Database,
  productIds?: readonly string[],
): Promise<StockLevels> {
  try {
    return await stockLevels(db, productIds);
  } catch (error) {
    logError("Could not read stock levels", error);
    return {};
  }
}

/** Of these items, the ones whose variant is stocked (a number, not made to order). */
export async function stockedOnly(db: Database, items: readonly Reservation[]) {
  if (items.length === 0) return [];
  const stocked = await db
    .select()
    .from(variantStock)
    .where(
      and(
        isNotNull(variantStock.quantity),
        inArray(
          variantStock.productId,
          items.map((i) => i.productId),
        ),
      ),
    );
  const keys = new Set(stocked.map(variantKey));
  return items.filter((item) => item.quantity > 0 && keys.has(variantKey(item)));
}

/**
 * Puts received items back on the shelf (X-DAY-1): each stocked variant goes up by its quantity,
 * in a fixed order; a variant made to order stays so. Call it in the transaction that records
 * the return as restocked, so it happens once. Answers how many items went back.
 */
export async function putBackInStock(tx: Database, items: readonly Reservation[]) {
  let count = 0;
  for (const item of [...items].sort((a, b) => variantKey(a).localeCompare(variantKey(b)))) {
    if (item.quantity <= 0) continue;
    const updated = await tx
      .update(variantStock)
      .set({ quantity: sql`${variantStock.quantity} + ${item.quantity}`, updatedAt: sql`now()` })
      .where(and(byVariant(item), isNotNull(variantStock.quantity)))
      .returning({ productId: variantStock.productId });
    if (updated.length > 0) count += item.quantity;
  }
  return count;
}

/**
 * A figure that changes whenever any variant's stock does (issue 55: the product feed is made
 * again then): a digest of every variant's row and quantity (made to order: "-").
 */
export async function stockStamp(db: Database): Promise<string> {
  const [row] = await db
    .select({
      digest: sql<
        string | null
      >`md5(string_agg(${variantStock.productId} || '|' || ${variantStock.optionType} || '|' || ${variantStock.size} || '|' || ${variantStock.color} || '=' || coalesce(${variantStock.quantity}::text, '-'), ',' order by ${variantStock.productId}, ${variantStock.optionType}, ${variantStock.size}, ${variantStock.color}))`,
    })
    .from(variantStock);
  return row?.digest ?? "none";
}
