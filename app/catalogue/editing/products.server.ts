import { recordPriceChanges, unsupportedWasPrice } from "./price-history.server";
import { and, asc, count, eq, ilike, max, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/database";
import { productOptions, products } from "~/catalogue/schema";
import { recordAudit } from "~/security/audit.server";
import { created, done, problem, type Result } from "~/shared/problems";
import { catalogueChanged, productFromRows } from "../store.server";
import type { Product, ProductOption, ProductStatus } from "../types";
import type { FitChart } from "../fit";
import {
  type CreateInput,
  createSchema,
  defaultKind,
  firstProblem,
  isProductId,
  type OptionInput,
  PRODUCT_CATEGORIES,
  STALE_VERSION,
  STATUSES,
  updateSchema,
  withoutReadOnly,
} from "./product-input";
import { LIST_QUERY_MAX, OWNER_PAGE_SIZE } from "~/shared/limits";

/** The owner's products (X-CAT-2): list, read, create, edit with a version, archive; audited. */

/** A product as the owner's JSON answers it: every field, its options, and its `version`. */
/** An option as the owner's JSON answers it: with its size finder chart (X-FIT-1). */
export type OwnerOption = ProductOption & { fit?: FitChart };

export type OwnerProduct = Omit<Product, "images" | "options" | "updatedAt"> & {
  options: readonly OwnerOption[];
  version: number;
  images: Product["images"];
  updatedAt: string;
};

type Row = typeof products.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;

function ownerProduct(row: Row, options: readonly OptionRow[]): OwnerProduct {
  const product = productFromRows(row, options);
  return {
    ...product,
    // The size finder's charts ride the owner's JSON only: the shop's pages never carry them.
    options: product.options.map((option, index) => {
      const fit = options[index]?.fitChart;
      return fit ? { ...option, fit: fit as FitChart } : option;
    }),
    version: row.version,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function readOwnerProduct(
  db: Pick<Database, "select">,
  id: string,
): Promise<OwnerProduct | undefined> {
  if (!isProductId(id)) return undefined;
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return undefined;
  const options = await db
    .select()
    .from(productOptions)
    .where(eq(productOptions.productId, id))
    .orderBy(asc(productOptions.position));
  return ownerProduct(row, options);
}

export interface OwnerListQuery {
  status?: string;
  category?: string;
  q?: string;
  page?: number;
}

export interface OwnerListItem {
  id: string;
  name: string;
  category: string;
  status: ProductStatus;
  price_pence: number;
  version: number;
}

/** GET /api/admin/products and /admin/products: filtered, 50 a page, in the shop's order. */
export async function listOwnerProducts(
  db: Database,
  query: OwnerListQuery,
): Promise<{ products: OwnerListItem[]; total: number; page: number; pages: number }> {
  const where: SQL[] = [];
  if (query.status && (STATUSES as readonly string[]).includes(query.status)) {
    where.push(eq(products.status, query.status as ProductStatus));
  }
  if (query.category && (PRODUCT_CATEGORIES as readonly string[]).includes(query.category)) {
    where.push(eq(products.category, query.category));
  }
  // A NUL cannot be stored in a text value: the routes refuse it with a 400 first (X-SEC-18).
  const q = query.q?.replace(/\0/g, "").trim().slice(0, LIST_QUERY_MAX);
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(products.name, pattern), ilike(products.id, pattern))!);
  }
  const filter = where.length ? and(...where) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(products)
    .where(filter);
  const pages = Math.max(1, Math.ceil(total / OWNER_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1) || 1), pages);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      status: products.status,
      price_pence: products.pricePence,
      version: products.version,
    })
    .from(products)
    .where(filter)
    .orderBy(asc(products.position), asc(products.id))
    .limit(OWNER_PAGE_SIZE)
    .offset((page - 1) * OWNER_PAGE_SIZE);
  return { products: rows, total, page, pages };
}

function optionRows(
  id: string,
  options: readonly OptionInput[],
  before: readonly OwnerOption[] = [],
) {
  return options.map((o, index) => ({
    productId: id,
    position: index + 1,
    type: o.type,
    pricePence: o.pricePence,
    compareAtPricePence: o.compareAtPricePence ?? null,
    sizes: o.sizes,
    customizable: Boolean(o.customizable || o.customPricePence),
    customPricePence: o.customPricePence ?? null,
    beltRanks: o.beltRanks?.length ? o.beltRanks : null,
    colors: o.colors?.length ? o.colors : null,
    standardRatedSizes: o.standardRatedSizes ?? [],
    // X-FIT-1: a save that does not mention the chart keeps the option's chart.
    fitChart: (o.fit === undefined ? before.find((b) => b.type === o.type)?.fit : o.fit) ?? null,
  }));
}

/** The rules that span fields, checked on what the product would be after the change. */
function wholeProblem(product: {
  pricePence: number | undefined;
  compareAtPricePence?: number | null;
  options: readonly unknown[];
}): string | null {
  if (product.pricePence === undefined) {
    return "A product without options needs a price (pricePence).";
  }
  if (product.compareAtPricePence != null && product.compareAtPricePence <= product.pricePence) {
    return "A compare-at price must be higher than the price.";
  }
  return null;
}

/** The audit's view of a product: what the owner can change. */
const audited = (product: OwnerProduct): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(product).filter(([key]) => key !== "images" && key !== "updatedAt"),
  );

/** POST /api/admin/products: 201 with the product; 409 when the id exists; 400 with a sentence. */
export async function createProduct(
  db: Database,
  body: unknown,
  actor: string,
  now: Date,
): Promise<Result<OwnerProduct>> {
  const parsed = createSchema.safeParse(body);
  if (!parsed.success) return problem("invalid_input", firstProblem(parsed.error));
  return insertProduct(db, parsed.data, actor, now);
}

async function insertProduct(
  db: Database,
  input: CreateInput,
  actor: string,
  now: Date,
): Promise<Result<OwnerProduct>> {
  const pricePence = input.pricePence ?? input.options[0]?.pricePence;
  const whole = wholeProblem({ ...input, pricePence });
  if (whole) return problem("invalid_input", whole);
  // X-TRUE-1: a new option has no price history, so no "was" price yet.
  const unsupported = await unsupportedWasPrice(db, input.id, input.options, [], now);
  if (unsupported) return unsupported;
  return db.transaction(async (tx) => {
    const [{ last } = { last: 0 }] = await tx
      .select({ last: max(products.position) })
      .from(products);
    const inserted = await tx
      .insert(products)
      .values({
        id: input.id,
        position: (last ?? 0) + 1,
        name: input.name,
        status: input.status,
        category: input.category,
        audience: input.audience ?? null,
        kind: input.kind ?? defaultKind(input.category),
        design: input.design ?? "grip-truth",
        accessoryCategory: null,
        pricePence: pricePence!,
        compareAtPricePence: input.compareAtPricePence ?? null,
        description: input.description,
        highlights: input.highlights,
        // The drawings of its kind and print, until the owner's photos (issue 22).
        images: [
          { view: "front", alt: `${input.name}, front view`, rotation: 0 },
          { view: "back", alt: `${input.name}, back view`, rotation: 0 },
        ],
        seoTitle: input.seoTitle || null,
        seoDescription: input.seoDescription || null,
        vatRate: input.vatRate,
      })
      .onConflictDoNothing()
      .returning({ id: products.id });
    if (inserted.length === 0) {
      return problem("already_exists", `A product with the id "${input.id}" already exists.`);
    }
    if (input.options.length)
      await tx.insert(productOptions).values(optionRows(input.id, input.options));
    await recordPriceChanges(tx, input.id, now);
    const product = (await readOwnerProduct(tx, input.id))!;
    await recordAudit(tx, {
      actor,
      action: "product.create",
      subject: `product:${input.id}`,
      before: null,
      after: audited(product),
    });
    await catalogueChanged(tx, db);
    return created(product);
  });
}

/**
 * PUT /api/admin/products/:id with any fields and the `version` edited: the product, or 409 with
 * STALE_VERSION when someone saved it since (one UPDATE … WHERE version = the one edited, so two
 * racing saves of one version cannot both win).
 */
export async function updateProduct(
  db: Database,
  id: string,
  body: unknown,
  actor: string,
  now: Date,
): Promise<Result<OwnerProduct>> {
  const parsed = updateSchema.safeParse(withoutReadOnly(body));
  if (!parsed.success) return problem("invalid_input", firstProblem(parsed.error));
  const input = parsed.data;
  return db.transaction(async (tx) => {
    const before = await readOwnerProduct(tx, id);
    if (!before) return problem("not_found", `No product has the id "${id}".`);
    if (before.version !== input.version) return problem("conflict", STALE_VERSION);
    const options = input.options ?? null;
    const pricePence =
      input.pricePence ?? (options ? options[0]?.pricePence : undefined) ?? before.pricePence;
    const compareAtPricePence =
      input.compareAtPricePence === undefined
        ? (before.originalPricePence ?? null)
        : input.compareAtPricePence;
    const whole = wholeProblem({
      pricePence,
      compareAtPricePence,
      options: options ?? before.options,
    });
    if (whole) return problem("invalid_input", whole);
    // X-TRUE-1: before anything is written, a new or changed "was" price must be genuine.
    if (options) {
      const unsupported = await unsupportedWasPrice(tx, id, options, before.options, now);
      if (unsupported) return unsupported;
    }
    const updated = await tx
      .update(products)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.status !== undefined && { status: input.status }),
        ...(input.category !== undefined && { category: input.category }),
        ...(input.audience !== undefined && { audience: input.audience ?? null }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.highlights !== undefined && { highlights: input.highlights }),
        ...(input.kind !== undefined && { kind: input.kind }),
        ...(input.design !== undefined && { design: input.design }),
        ...(input.seoTitle !== undefined && { seoTitle: input.seoTitle || null }),
        ...(input.seoDescription !== undefined && { seoDescription: input.seoDescription || null }),
        ...(input.vatRate !== undefined && { vatRate: input.vatRate }),
        pricePence,
        compareAtPricePence,
        version: sql`${products.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, id), eq(products.version, input.version)))
      .returning({ id: products.id });
    if (updated.length === 0) return problem("conflict", STALE_VERSION);
    if (options) {
      await tx.delete(productOptions).where(eq(productOptions.productId, id));
      if (options.length) {
        await tx.insert(productOptions).values(optionRows(id, options, before.options));
      }
      await recordPriceChanges(tx, id, now);
    }
    const after = (await readOwnerProduct(tx, id))!;
    await recordAudit(tx, {
      actor,
      action: "product.update",
      subject: `product:${id}`,
      before: audited(before),
      after: audited(after),
    });
    await catalogueChanged(tx, db);
    return done(after);
  });
}

/** DELETE /api/admin/products/:id: archived (gone from the shop, kept for old orders); 200. */
export async function archiveProduct(
  db: Database,
  id: string,
  actor: string,
): Promise<Result<OwnerProduct>> {
  return db.transaction(async (tx) => {
    const before = await readOwnerProduct(tx, id);
    if (!before) return problem("not_found", `No product has the id "${id}".`);
    if (before.status === "archived") return done(before);
    await tx
      .update(products)
      .set({ status: "archived", version: sql`${products.version} + 1`, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    const after = (await readOwnerProduct(tx, id))!;
    await recordAudit(tx, {
      actor,
      action: "product.archive",
      subject: `product:${id}`,
      before: { status: before.status },
      after: { status: "archived" },
    });
    await catalogueChanged(tx, db);
    return done(after);
  });
}

export { insertProduct as createParsedProduct };
