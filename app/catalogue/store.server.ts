import { asc, eq, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { clockFrom, dbFrom } from "~/db/context.server";
import type { Database } from "~/db/database";
import {
  catalogueRevision,
  productOptions,
  productPhotos,
  products,
  productVariants,
  promotions,
  priceHistory,
  shopSettings,
  siteContent,
  type StoredProductImage,
} from "./schema";
import { fixedPictureSrc, pictureSrc } from "./art/pictures";
import { type Catalogue, makeCatalogue, type PriceHistories, priceHistoryKey } from "./catalogue";
import type { PricePoint } from "~/pricing/was-price";
import { type PhotoRow, productPhoto } from "./photos/urls";
import { SEED_PICTURED } from "./seed";
import type {
  Category,
  DesignId,
  GarmentKind,
  Group,
  AccessoryCategory,
  Product,
  ProductOption,
  Promotion,
  SiteContent,
} from "./types";
import { CATALOGUE_CHECK_MS } from "~/shared/limits";
import { DEFAULT_SHOP_SETTINGS, type SettingsState } from "~/policy/shop-settings";
import { homeBlocksFromStored } from "./home-blocks-schema";
import { parseShopSettings } from "~/policy/shop-settings-schema";

/** The build draws the seeded products' pictures at hashed addresses; any other product's are
 *  drawn on request at their fixed ones (app/catalogue/art/pictures.ts). */
const DRAWN_AT_BUILD = new Set(SEED_PICTURED.map((product) => product.id));

function imageOf(productId: string, image: StoredProductImage) {
  const src = DRAWN_AT_BUILD.has(productId)
    ? pictureSrc(productId, image.view)
    : fixedPictureSrc(productId, image.view);
  return { ...image, src };
}

type ProductRow = typeof products.$inferSelect;
type OptionRow = typeof productOptions.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** A product as the shop uses it, from its row, its options' rows and its ready photos (in order). */
export function productFromRows(
  row: ProductRow,
  options: readonly OptionRow[],
  photos: readonly PhotoRow[] = [],
  variants: readonly VariantRow[] = [],
): Product {
  const product: Product = {
    id: row.id,
    name: row.name,
    status: row.status,
    group: (row.audience as Group | null) ?? null,
    category: row.category as Category,
    kind: row.kind as GarmentKind,
    design: row.design as DesignId,
    pricePence: row.pricePence,
    vatRate: row.vatRate,
    description: row.description,
    highlights: row.highlights,
    images: row.images.map((image) => imageOf(row.id, image)),
    options: options.map((o) => {
      const option: ProductOption = { type: o.type, pricePence: o.pricePence, sizes: o.sizes };
      if (o.compareAtPricePence !== null) option.compareAtPricePence = o.compareAtPricePence;
      if (o.customizable) option.customizable = true;
      if (o.customPricePence !== null) option.customPricePence = o.customPricePence;
      if (o.beltRanks) option.beltRanks = o.beltRanks;
      if (o.colors) option.colors = o.colors;
      if (o.standardRatedSizes.length) option.standardRatedSizes = o.standardRatedSizes;
      return option;
    }),
  };
  if (row.compareAtPricePence !== null) product.originalPricePence = row.compareAtPricePence;
  if (row.accessoryCategory) product.accessoryCategory = row.accessoryCategory as AccessoryCategory;
  if (row.artColor) product.artColor = row.artColor;
  if (row.bundle) product.bundle = row.bundle;
  if (row.seoTitle) product.seoTitle = row.seoTitle;
  if (row.seoDescription) product.seoDescription = row.seoDescription;
  if (photos.length) product.photos = photos.map(productPhoto);
  if (variants.length) {
    product.variantIds = variants.map((v) => ({
      optionType: v.optionType,
      size: v.size,
      color: v.color,
      sku: v.sku,
      gtin: v.gtin,
      mpn: v.mpn,
    }));
  }
  // The latest change of the product, its options' identifiers or its photos (the sitemap).
  product.updatedAt = Math.max(
    row.updatedAt.getTime(),
    ...variants.map((v) => v.updatedAt.getTime()),
    ...photos.map((p) => p.updatedAt.getTime()),
  );
  return product;
}

interface Stored {
  revision: number;
  products: Product[];
  site: SiteContent;
  promotions: Promotion[];
  settings: SettingsState;
  history: PriceHistories;
}

async function readRevision(db: Database): Promise<number> {
  const [row] = await db
    .select({ revision: catalogueRevision.revision })
    .from(catalogueRevision)
    .where(eq(catalogueRevision.id, 1));
  return row?.revision ?? 0;
}

async function readStored(db: Database): Promise<Stored> {
  // The revision first: a change made while the rest is read is seen at the next check.
  const revision = await readRevision(db);
  const [
    productRows,
    optionRows,
    siteRows,
    promotionRows,
    photoRows,
    settingsRows,
    historyRows,
    variantRows,
  ] = await Promise.all([
    db.select().from(products).orderBy(asc(products.position), asc(products.id)),
    db
      .select()
      .from(productOptions)
      .orderBy(asc(productOptions.productId), asc(productOptions.position)),
    db.select().from(siteContent).where(eq(siteContent.id, 1)),
    db.select().from(promotions).orderBy(asc(promotions.createdAt)),
    // The owner's photos that are ready (X-PHOTO-3); one in processing is not shown yet.
    db
      .select()
      .from(productPhotos)
      .where(eq(productPhotos.status, "ready"))
      .orderBy(
        asc(productPhotos.productId),
        asc(productPhotos.position),
        asc(productPhotos.createdAt),
      ),
    db.select().from(shopSettings).where(eq(shopSettings.id, 1)),
    db.select().from(priceHistory).orderBy(asc(priceHistory.startedAt)),
    db.select().from(productVariants),
  ]);
  const history = new Map<string, PricePoint[]>();
  for (const row of historyRows) {
    const key = priceHistoryKey(row.productId, row.optionType);
    const list = history.get(key) ?? [];
    list.push({ pricePence: row.pricePence, startedAt: row.startedAt.getTime() });
    history.set(key, list);
  }
  const optionsOf = new Map<string, OptionRow[]>();
  for (const option of optionRows) {
    const list = optionsOf.get(option.productId) ?? [];
    list.push(option);
    optionsOf.set(option.productId, list);
  }
  const photosOf = new Map<string, PhotoRow[]>();
  for (const photo of photoRows) {
    const list = photosOf.get(photo.productId) ?? [];
    list.push(photo);
    photosOf.set(photo.productId, list);
  }
  const variantsOf = new Map<string, VariantRow[]>();
  for (const variant of variantRows) {
    const list = variantsOf.get(variant.productId) ?? [];
    list.push(variant);
    variantsOf.set(variant.productId, list);
  }
  const site = siteRows[0];
  return {
    revision,
    products: productRows.map((row) =>
      productFromRows(
        row,
        optionsOf.get(row.id) ?? [],
        photosOf.get(row.id) ?? [],
        variantsOf.get(row.id) ?? [],
      ),
    ),
    site: {
      bannerText: site?.bannerText ?? "",
      heroHeading: site?.heroHeading ?? "",
      heroText: site?.heroText ?? "",
      home: homeBlocksFromStored(site?.homeBlocks),
    },
    promotions: promotionRows.map(promotionFromRow),
    settings: settingsFromRow(settingsRows[0]),
    history,
  };
}

/** The settings a row holds (X-TRUE-2); the defaults where there is none. */
export function settingsFromRow(row: typeof shopSettings.$inferSelect | undefined): SettingsState {
  const parsed = row?.settings ? parseShopSettings(row.settings) : null;
  return {
    settings: parsed?.ok ? parsed.settings : DEFAULT_SHOP_SETTINGS,
    deliveryReviewed: Boolean(row?.deliverySavedAt),
    demoRemoved: Boolean(row?.demoRemovedAt),
  };
}

export function promotionFromRow(row: typeof promotions.$inferSelect): Promotion {
  const promotion: Promotion = { id: row.id, name: row.name, percent: row.percent };
  if (row.startsAt) promotion.startsAt = row.startsAt.getTime();
  if (row.endsAt) promotion.endsAt = row.endsAt.getTime();
  return promotion;
}

interface Held {
  stored: Promise<Stored>;
  checkedAt: number;
}

/** Who wants to know when this process sees the catalogue change (the shared page cache). */
const changeListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process sees a new catalogue: a change it committed itself
 * outside a request (a photo made ready in the background, `announceCatalogueChange`), or a
 * new revision found at a check. Answers a function that stops it.
 */
export function onCatalogueChange(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Tells the listeners, after the change's transaction committed. */
export function announceCatalogueChange(): void {
  for (const listener of changeListeners) listener();
}

/** Each database handle's copy of the catalogue, checked against the revision every second. */
const held = new WeakMap<Database, Held>();

/** This process's copy of the stored catalogue, asked of the database again when another
 *  process (or this one) has changed it, at most CATALOGUE_CHECK_MS late. */
async function heldStored(db: Database, now: number): Promise<Stored> {
  let entry = held.get(db);
  if (!entry) {
    entry = { stored: readStored(db), checkedAt: now };
    held.set(db, entry);
  } else if (now - entry.checkedAt >= CATALOGUE_CHECK_MS) {
    entry.checkedAt = now;
    const previous = entry.stored;
    const current = entry;
    current.stored = (async () => {
      const before = await previous.catch(() => null);
      const revision = await readRevision(db);
      if (before && before.revision === revision) return before;
      if (before) announceCatalogueChange();
      return readStored(db);
    })();
  }
  const pending = entry.stored;
  try {
    return await pending;
  } catch (error) {
    // A failed read is not kept: the next request asks again.
    if (held.get(db)?.stored === pending) held.delete(db);
    throw error;
  }
}

/**
 * The catalogue as it stands now (X-CAT-1), from this process's copy: asked of the database
 * again when another process (or this one) has changed it, at most CATALOGUE_CHECK_MS late.
 */
export async function loadCatalogue(db: Database, now: number): Promise<Catalogue> {
  const stored = await heldStored(db, now);
  return makeCatalogue(
    stored.products,
    stored.site,
    stored.promotions,
    now,
    stored.settings,
    stored.history,
  );
}

/** The ids of the products with a page and the kinds they come in, once per stored copy. */
export interface CatalogueKeys {
  products: ReadonlySet<string>;
  types: ReadonlySet<string>;
}
const keysOf = new WeakMap<Stored, CatalogueKeys>();

/**
 * What the shared page cache may key a page by (X-SEC-18): the active products and their kinds.
 * Neither depends on the time, so they are worked out once for each copy of the stored catalogue,
 * not for every request (issue 51: building the whole catalogue per cached page took a share of
 * the hit path).
 */
export async function catalogueKeys(db: Database, now: number): Promise<CatalogueKeys> {
  const stored = await heldStored(db, now);
  let keys = keysOf.get(stored);
  if (!keys) {
    const products = stored.products.filter(
      (product) => product.status === "active" && !product.bundle,
    );
    keys = {
      products: new Set(products.map((product) => product.id)),
      types: new Set(products.map((product) => product.kind)),
    };
    keysOf.set(stored, keys);
  }
  return keys;
}

/** The revision of the catalogue this process holds (the product feed's cache key, issue 55). */
export async function catalogueRevisionHeld(db: Database, now: number): Promise<number> {
  return (await heldStored(db, now)).revision;
}

/** The request's catalogue (through the database the composition root handed in). */
export function catalogueFrom(context: Readonly<RouterContextProvider>): Promise<Catalogue> {
  // The shop's clock (X-TRUE-1: a "was" price stops being shown by itself as time passes).
  return loadCatalogue(dbFrom(context), clockFrom(context).now().getTime());
}

type Executor = Pick<Database, "update" | "insert">;

/**
 * Records a change to the catalogue (a product, the site's words, a promotion), in the change's
 * own transaction: every process reloads its copy within CATALOGUE_CHECK_MS, this one at once.
 */
export async function catalogueChanged(tx: Executor, db: Database): Promise<void> {
  await tx
    .insert(catalogueRevision)
    .values({ id: 1, revision: 1 })
    .onConflictDoUpdate({
      target: catalogueRevision.id,
      set: { revision: sql`${catalogueRevision.revision} + 1` },
    });
  forgetCatalogue(db);
}

/** Drops this process's copy, so the next request reads the catalogue afresh. */
export function forgetCatalogue(db: Database): void {
  held.delete(db);
}
