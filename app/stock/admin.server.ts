import { sql } from "drizzle-orm";
import { z } from "zod";
import { findProduct, findSellable } from "~/catalogue/catalogue";
import { loadCatalogue } from "~/catalogue/store.server";
import { recordAudit } from "~/security/audit.server";
import type { Database } from "~/db/client.server";
import { variantStock } from "./schema";
import { LINE_CHOICE_MAX, STOCK_QUANTITY_MAX } from "~/shared/limits";
import {
  isVariantOf,
  type ProductStock,
  variantKey,
  variantsOfProduct,
  type VariantStock,
} from "./stock";
import { matchingProducts, stockFieldName, variantLabel } from "./stock-form";
import { stockLevels } from "./stock.server";
import { waitingAlertCounts } from "./alerts.server";
import type { Problem } from "~/shared/problems";
import { ProblemError } from "~/shared/problems";

export type { ProductStock, VariantStock } from "./stock";

/** Every product with every variant and its stock, for /admin/stock (a table per product). */
export async function listStock(db: Database, now: Date): Promise<ProductStock[]> {
  const levels = await stockLevels(db);
  const { products } = await loadCatalogue(db, now.getTime());
  return products.map((product) => ({
    productId: product.id,
    productName: product.name,
    variants: variantsOfProduct(product).map((variant) => ({
      ...variant,
      quantity: levels[variantKey(variant)] ?? null,
    })),
  }));
}

/** /admin/stock: every product's stock, or those matching the search `q` (issue 24 item 11). */
export async function stockPage(db: Database, query: string | null, now: Date) {
  const q = (query ?? "").replaceAll("\u0000", "").trim().slice(0, 100);
  const [all, waiting] = await Promise.all([listStock(db, now), waitingAlertCounts(db)]);
  return { products: matchingProducts(all, q), q, total: all.length, waiting };
}

/** The body of PUT /api/admin/stock, and of each entry of STOCK_SEED_FILE. */
export const stockUpdateSchema = z.object({
  productId: z
    .string({ error: "productId is required." })
    .trim()
    .min(1)
    .max(LINE_CHOICE_MAX.productId),
  optionType: z
    .string({ error: "optionType is required." })
    .trim()
    .min(1)
    .max(LINE_CHOICE_MAX.optionType),
  size: z.string({ error: "size is required." }).trim().min(1).max(LINE_CHOICE_MAX.size),
  color: z
    .string()
    .trim()
    .max(LINE_CHOICE_MAX.color)
    .nullish()
    .transform((color) => color ?? ""),
  quantity: z
    .number({ error: "quantity must be a whole number of 0 or more, or null for made to order." })
    .int("quantity must be a whole number of 0 or more, or null for made to order.")
    .min(0, "quantity must be a whole number of 0 or more, or null for made to order.")
    .max(STOCK_QUANTITY_MAX, `quantity can be at most ${STOCK_QUANTITY_MAX}.`)
    .nullable(),
});

export type StockUpdateResult = { ok: true; variant: VariantStock } | Problem;

/**
 * Sets a variant's stock (a number) or makes it made to order (null). The quantity is what is
 * left to sell now; pending orders have already taken theirs.
 */
export async function setVariantStock(
  db: Database,
  body: unknown,
  now: Date,
  actor?: string,
): Promise<StockUpdateResult> {
  const parsed = stockUpdateSchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? "Invalid stock.",
    };
  }
  const { productId, quantity, ...rest } = parsed.data;
  const catalogue = await loadCatalogue(db, now.getTime());
  const bundle = findSellable(catalogue, productId);
  if (bundle?.bundle) {
    return {
      ok: false,
      kind: "invalid_input",
      message: `${bundle.name} has no stock of its own: set the stock of its items.`,
    };
  }
  const product = findProduct(catalogue, productId);
  if (!product)
    return { ok: false, kind: "not_found", message: `No product called "${productId}".` };
  if (!isVariantOf(product, rest)) {
    const colour = rest.color ? `, colour "${rest.color}"` : "";
    return {
      ok: false,
      kind: "invalid_input",
      message: `${product.name} is not sold as "${rest.optionType}" in size "${rest.size}"${colour}.`,
    };
  }
  const variant = { productId, ...rest };
  if (actor) {
    // The owner's change is audited with what it replaced (X-OPS-10).
    const before = (await stockLevels(db))[variantKey(variant)] ?? null;
    await recordAudit(db, {
      actor,
      action: "stock.set",
      subject: `stock:${variantKey(variant)}`,
      before: { quantity: before },
      after: { quantity },
    });
  }
  await db
    .insert(variantStock)
    .values({ ...variant, quantity })
    .onConflictDoUpdate({
      target: [
        variantStock.productId,
        variantStock.optionType,
        variantStock.size,
        variantStock.color,
      ],
      set: { quantity, updatedAt: sql`now()` },
    });
  return { ok: true, variant: { ...variant, quantity } };
}

/**
 * Applies one product's table from /admin/stock: each variant's field holds a number, or is
 * empty for made to order. All or nothing: one bad field saves none and says which.
 */
export async function applyStockForm(
  db: Database,
  form: FormData,
  now: Date,
  actor?: string,
): Promise<{ ok: true; saved: number } | Problem> {
  const productId = String(form.get("productId") ?? "");
  const product = findProduct(await loadCatalogue(db, now.getTime()), productId);
  if (!product)
    return { ok: false, kind: "not_found", message: `No product called "${productId}".` };
  const updates: unknown[] = [];
  for (const variant of variantsOfProduct(product)) {
    const raw = form.get(stockFieldName(variant));
    if (raw === null) continue;
    const text = String(raw).trim();
    if (text !== "" && !/^\d+$/.test(text)) {
      return {
        ok: false,
        kind: "invalid_input",
        message: `${product.name} ${variantLabel(variant)}: enter a whole number of 0 or more, or leave it empty for made to order.`,
      };
    }
    updates.push({ ...variant, quantity: text === "" ? null : Number(text) });
  }
  try {
    await db.transaction(async (tx) => {
      for (const update of updates) {
        const result = await setVariantStock(tx, update, now, actor);
        if (!result.ok) throw new ProblemError(result.kind, result.message);
      }
    });
  } catch (error) {
    if (error instanceof ProblemError) return error.problem;
    throw error;
  }
  return { ok: true, saved: updates.length };
}
