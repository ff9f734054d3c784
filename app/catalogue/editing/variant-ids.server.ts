import { parse } from "csv-parse/sync";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { recordAudit } from "~/security/audit.server";
import { csvRow } from "~/shared/csv";
import { done, problem, type Result } from "~/shared/problems";
import { productOptions, products, productVariants } from "../schema";
import { catalogueChanged, productFromRows } from "../store.server";
import type { Product } from "../types";
import {
  type CatalogueVariant,
  defaultVariantSku,
  GTIN_PATTERN,
  gtinCheckDigitOk,
  MPN_MAX,
  SKU_PATTERN,
  VARIANT_ID_MESSAGES,
  variantIdKey,
  variantsOf,
} from "../variants";

/**
 * The owner's SKUs, GTINs and MPNs of a product's variants (issue 55, X-FIND-1): read, checked
 * and saved from the product's page or the identifiers CSV. A SKU left as the shop's own, and a
 * variant with nothing of the owner's, keeps no row.
 */

/** What the owner typed for one variant ("" for none). */
export interface VariantIdsTyped {
  optionType: string;
  size: string;
  color: string;
  sku: string;
  gtin: string;
  mpn: string;
}

/** A wrong value: which variant (its index in what was sent), which field, and the sentence. */
export interface VariantIdsError {
  index: number;
  field: "sku" | "gtin" | "mpn" | "variant";
  message: string;
}

async function productWithIds(db: Database, productId: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  if (!row || row.bundle) return null;
  const [options, variants] = await Promise.all([
    db
      .select()
      .from(productOptions)
      .where(eq(productOptions.productId, productId))
      .orderBy(productOptions.position),
    db.select().from(productVariants).where(eq(productVariants.productId, productId)),
  ]);
  return productFromRows(row, options, [], variants);
}

/** A product's variants with their identifiers, for its page in the back office. */
export async function ownerVariants(db: Database, productId: string): Promise<CatalogueVariant[]> {
  const product = await productWithIds(db, productId);
  return product ? variantsOf(product) : [];
}

function checkTyped(
  product: Product,
  typed: readonly VariantIdsTyped[],
): { errors: VariantIdsError[]; rows: (typeof productVariants.$inferInsert)[] } {
  const known = new Map(
    variantsOf(product).map((v) => [variantIdKey(v.optionType, v.size, v.color), v]),
  );
  const errors: VariantIdsError[] = [];
  const rows: (typeof productVariants.$inferInsert)[] = [];
  const seenSkus = new Map<string, number>();
  typed.forEach((entry, index) => {
    const variant = known.get(variantIdKey(entry.optionType, entry.size, entry.color));
    if (!variant) {
      errors.push({
        index,
        field: "variant",
        message: `${product.name} has no variant ${[entry.optionType, entry.size, entry.color].filter(Boolean).join(", ")}.`,
      });
      return;
    }
    const sku = entry.sku.trim();
    const gtin = entry.gtin.replace(/[\s-]/g, "");
    const mpn = entry.mpn.trim();
    const shopSku = defaultVariantSku(product.id, variant.optionType, variant.size, variant.color);
    if (sku && !SKU_PATTERN.test(sku))
      errors.push({ index, field: "sku", message: VARIANT_ID_MESSAGES.sku });
    const effective = (sku || shopSku).toUpperCase();
    if (seenSkus.has(effective)) {
      errors.push({ index, field: "sku", message: VARIANT_ID_MESSAGES.skuTaken });
    } else seenSkus.set(effective, index);
    if (gtin && !GTIN_PATTERN.test(gtin)) {
      errors.push({ index, field: "gtin", message: VARIANT_ID_MESSAGES.gtin });
    } else if (gtin && !gtinCheckDigitOk(gtin)) {
      errors.push({ index, field: "gtin", message: VARIANT_ID_MESSAGES.gtinCheck });
    }
    if (mpn.length > MPN_MAX)
      errors.push({ index, field: "mpn", message: VARIANT_ID_MESSAGES.mpn });
    rows.push({
      productId: product.id,
      optionType: variant.optionType,
      size: variant.size,
      color: variant.color,
      // The shop's own SKU typed back is no SKU of the owner's: it keeps following the names.
      sku: sku && sku !== shopSku ? sku : null,
      gtin: gtin || null,
      mpn: mpn || null,
    });
  });
  return { errors, rows };
}

/**
 * Saves what the owner typed for some of a product's variants (those not sent are left as they
 * are): checked first, all or nothing; a SKU another product's variant has is refused.
 */
export async function saveVariantIds(
  db: Database,
  productId: string,
  typed: readonly VariantIdsTyped[],
  actor: string,
): Promise<Result<{ saved: number }>> {
  const product = await productWithIds(db, productId);
  if (!product) return problem("not_found", "No such product.");
  const { errors, rows } = checkTyped(product, typed);
  const owned = rows.filter((row) => row.sku);
  if (!errors.length && owned.length) {
    const taken = await db
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(
        and(
          inArray(
            sql`upper(${productVariants.sku})`,
            owned.map((row) => row.sku!.toUpperCase()),
          ),
          ne(productVariants.productId, productId),
        ),
      );
    for (const clash of taken) {
      const index = rows.findIndex((row) => row.sku?.toUpperCase() === clash.sku?.toUpperCase());
      errors.push({
        index: typed.findIndex(
          (t) => t.sku.trim().toUpperCase() === rows[index]?.sku?.toUpperCase(),
        ),
        field: "sku",
        message: `${VARIANT_ID_MESSAGES.skuTaken} (${clash.productId})`,
      });
    }
  }
  if (errors.length) {
    return problem("invalid_input", errors[0]!.message, { extra: { variantErrors: errors } });
  }
  await db.transaction(async (tx) => {
    for (const row of rows) {
      if (!row.sku && !row.gtin && !row.mpn) {
        await tx
          .delete(productVariants)
          .where(
            and(
              eq(productVariants.productId, row.productId),
              eq(productVariants.optionType, row.optionType),
              eq(productVariants.size, row.size),
              eq(productVariants.color, row.color ?? ""),
            ),
          );
        continue;
      }
      await tx
        .insert(productVariants)
        .values(row)
        .onConflictDoUpdate({
          target: [
            productVariants.productId,
            productVariants.optionType,
            productVariants.size,
            productVariants.color,
          ],
          set: { sku: row.sku, gtin: row.gtin, mpn: row.mpn, updatedAt: sql`now()` },
        });
    }
    await recordAudit(tx, {
      actor,
      action: "product.variant_ids",
      subject: productId,
      after: { variants: rows.length },
    });
    await catalogueChanged(tx, db);
  });
  return done({ saved: rows.length });
}

/** The identifiers spreadsheet's columns (issue 55): one row per variant. */
export const VARIANT_CSV_COLUMNS = [
  "product_id",
  "option",
  "size",
  "color",
  "sku",
  "gtin",
  "mpn",
] as const;

/** GET /admin/products/identifiers.csv: every variant of every product (not bundles). */
export async function exportVariantIdsCsv(db: Database): Promise<string> {
  const rows = await db.select().from(products).orderBy(products.position, products.id);
  const lines = [VARIANT_CSV_COLUMNS.join(",")];
  for (const row of rows) {
    if (row.bundle) continue;
    const product = await productWithIds(db, row.id);
    if (!product) continue;
    for (const v of variantsOf(product)) {
      lines.push(
        csvRow([product.id, v.optionType, v.size, v.color, v.sku, v.gtin ?? "", v.mpn ?? ""]),
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * POST of the identifiers CSV (from /admin/feeds): every line is checked before anything is saved
 * (a SKU another product already has is refused when that product is saved).
 * Answers the first problem naming its line.
 */
export async function importVariantIdsCsv(
  db: Database,
  csv: string,
  actor: string,
): Promise<Result<{ saved: number }>> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch {
    return problem("unreadable", "This file is not valid CSV (check its quotes).");
  }
  const [header, ...body] = records;
  const names = header?.map((h) => h.trim()) ?? [];
  const missing = VARIANT_CSV_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length) {
    return problem("unreadable", `The file has no column ${missing.join(", ")}.`);
  }
  const at = (record: string[], column: (typeof VARIANT_CSV_COLUMNS)[number]) =>
    (record[names.indexOf(column)] ?? "").trim();
  const byProduct = new Map<string, { line: number; typed: VariantIdsTyped }[]>();
  body.forEach((record, i) => {
    const productId = at(record, "product_id");
    const list = byProduct.get(productId) ?? [];
    list.push({
      line: i + 2,
      typed: {
        optionType: at(record, "option"),
        size: at(record, "size"),
        color: at(record, "color"),
        sku: at(record, "sku"),
        gtin: at(record, "gtin"),
        mpn: at(record, "mpn"),
      },
    });
    byProduct.set(productId, list);
  });
  // Checked in full first: nothing is saved while any line is wrong.
  const allSkus = new Map<string, number>();
  for (const [productId, entries] of byProduct) {
    const product = await productWithIds(db, productId);
    if (!product)
      return problem("invalid_input", `Line ${entries[0]!.line}: no product ${productId}.`);
    const { errors } = checkTyped(
      product,
      entries.map((e) => e.typed),
    );
    if (errors.length) {
      const error = errors[0]!;
      return problem("invalid_input", `Line ${entries[error.index]!.line}: ${error.message}`);
    }
    for (const entry of entries) {
      const sku = entry.typed.sku.toUpperCase();
      if (!sku) continue;
      if (allSkus.has(sku)) {
        return problem("invalid_input", `Line ${entry.line}: ${VARIANT_ID_MESSAGES.skuTaken}`);
      }
      allSkus.set(sku, entry.line);
    }
  }
  let saved = 0;
  for (const [productId, entries] of byProduct) {
    const answer = await saveVariantIds(
      db,
      productId,
      entries.map((e) => e.typed),
      actor,
    );
    if (!answer.ok) return answer;
    saved += answer.data.saved;
  }
  return done({ saved });
}
