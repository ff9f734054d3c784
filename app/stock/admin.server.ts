import { sql } from "drizzle-orm";
import { z } from "zod";
import { findProduct, PRODUCTS } from "~/catalogue";
import type { Database } from "~/db/client.server";
import { variantStock } from "~/db/schema";
import { isVariantOf, type Variant, variantKey, variantsOfProduct } from "./stock";
import { stockLevels } from "./stock.server";

/** The owner's view of one variant: a quantity, or null for made to order (X-STK-1). */
export interface VariantStock extends Variant {
  quantity: number | null;
}

export interface ProductStock {
  productId: string;
  productName: string;
  variants: VariantStock[];
}

/** Every product with every variant and its stock, for /admin/stock (a table per product). */
export async function listStock(db: Database): Promise<ProductStock[]> {
  const levels = await stockLevels(db);
  return PRODUCTS.map((product) => ({
    productId: product.id,
    productName: product.name,
    variants: variantsOfProduct(product).map((variant) => ({
      ...variant,
      quantity: levels[variantKey(variant)] ?? null,
    })),
  }));
}

/** The body of PUT /api/admin/stock, and of each entry of STOCK_SEED_FILE. */
export const stockUpdateSchema = z.object({
  productId: z.string({ error: "productId is required." }).trim().min(1).max(100),
  optionType: z.string({ error: "optionType is required." }).trim().min(1).max(40),
  size: z.string({ error: "size is required." }).trim().min(1).max(20),
  color: z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((color) => color ?? ""),
  quantity: z
    .number({ error: "quantity must be a whole number of 0 or more, or null for made to order." })
    .int("quantity must be a whole number of 0 or more, or null for made to order.")
    .min(0, "quantity must be a whole number of 0 or more, or null for made to order.")
    .max(100_000, "quantity can be at most 100000.")
    .nullable(),
});

export type StockUpdateResult =
  { ok: true; variant: VariantStock } | { ok: false; status: 400 | 404; error: string };

/**
 * Sets a variant's stock (a number) or makes it made to order (null). The quantity is what is
 * left to sell now; pending orders have already taken theirs.
 */
export async function setVariantStock(db: Database, body: unknown): Promise<StockUpdateResult> {
  const parsed = stockUpdateSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid stock." };
  }
  const { productId, quantity, ...rest } = parsed.data;
  const product = findProduct(productId);
  if (!product) return { ok: false, status: 404, error: `No product called "${productId}".` };
  if (!isVariantOf(product, rest)) {
    const colour = rest.color ? `, colour "${rest.color}"` : "";
    return {
      ok: false,
      status: 400,
      error: `${product.name} is not sold as "${rest.optionType}" in size "${rest.size}"${colour}.`,
    };
  }
  const variant = { productId, ...rest };
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
