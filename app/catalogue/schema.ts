import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea } from "~/db/columns";
import { PRODUCT_PHOTO_LIMITS } from "~/shared/limits";

// ---- The catalogue as data (X-CAT-1) ---------------------------------------------------------

export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A picture of a product as stored: which drawing (or photo) and how it is shown. */
export interface StoredProductImage {
  view: "front" | "back" | "detail" | "top";
  alt: string;
  rotation: 0 | -90 | 90 | 180;
}

/**
 * The products the shop sells (X-CAT-1), seeded by migration 0007 with the spec's catalogue.
 * `id` is the slug of /product/:id. A draft is seen by the owner only; an archived product has
 * left the shop but is kept, as old orders name it. `version` goes up with every save, so a
 * stale save is refused (X-CAT-2).
 */
export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    /** Where it stands among the others in a collection before any sort is chosen. */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("draft"),
    category: text("category").notNull(),
    /** mens, womens, kids; null for accessories. */
    audience: text("audience"),
    /** The drawing's shape and print (app/catalogue/art). */
    kind: text("kind").notNull(),
    design: text("design").notNull(),
    artColor: text("art_color"),
    accessoryCategory: text("accessory_category"),
    /** The headline price; with options, the first option's. */
    pricePence: integer("price_pence").notNull(),
    compareAtPricePence: integer("compare_at_price_pence"),
    description: text("description").notNull(),
    highlights: jsonb("highlights")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    images: jsonb("images")
      .$type<StoredProductImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A bundle: other products sold as one line at their prices less a percentage. */
    bundle: jsonb("bundle").$type<{ productIds: string[]; discountPercent: number }>(),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    /** X-VAT-1: standard (20%) or zero (young children's clothing and footwear, VAT Notice 714). */
    vatRate: text("vat_rate", { enum: ["standard", "zero"] })
      .notNull()
      .default("standard"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("products_status_category_idx").on(table.status, table.category, table.position),
    check("products_price_non_negative", sql`${table.pricePence} >= 0`),
    check(
      "products_compare_at_above_price",
      sql`${table.compareAtPricePence} IS NULL OR ${table.compareAtPricePence} > ${table.pricePence}`,
    ),
    check("products_id_slug", sql`${table.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("products_vat_rate_known", sql`${table.vatRate} IN ('standard', 'zero')`),
  ],
);

/** An option's size chart as stored (app/catalogue/fit.ts's FitChart checks and reads it). */
export interface StoredFitChart {
  measures: readonly string[];
  rows: readonly { size: string; ranges: Partial<Record<string, readonly [number, number]>> }[];
  shrinkPercent?: number;
}

/** A product's options (Rashguard, Shorts, Gi, …): each with its price and sizes (X-CAT-1). */
export const productOptions = pgTable(
  "product_options",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    pricePence: integer("price_pence").notNull(),
    compareAtPricePence: integer("compare_at_price_pence"),
    sizes: jsonb("sizes").$type<string[]>().notNull(),
    /** Takes the customer's own text (a name). */
    customizable: boolean("customizable").notNull().default(false),
    /** The extra price of name customisation (gis); null: not offered. */
    customPricePence: integer("custom_price_pence"),
    beltRanks: jsonb("belt_ranks").$type<string[]>(),
    colors: jsonb("colors").$type<string[]>(),
    /** The option's size chart for the size finder (X-FIT-1): sizes with their ranges. */
    fitChart: jsonb("fit_chart").$type<StoredFitChart>(),
    /** X-VAT-1: the sizes of a zero-rated product's option above HMRC's limits: standard-rated. */
    standardRatedSizes: jsonb("standard_rated_sizes")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.type] }),
    uniqueIndex("product_options_position_idx").on(table.productId, table.position),
    check("product_options_price_non_negative", sql`${table.pricePence} >= 0`),
    check(
      "product_options_custom_price_non_negative",
      sql`${table.customPricePence} IS NULL OR ${table.customPricePence} >= 0`,
    ),
  ],
);

/**
 * The owner's identifiers of a variant (issue 55): option + size + colour ('' when the option has
 * none; the standard option and "N/A" for a product without options), as stock names it. `sku`
 * is the owner's own; a variant without a row has the SKU the shop makes from its names
 * (app/catalogue/variants.ts), so it is stable until the owner renames the option, size or
 * colour. `gtin` (the barcode's 8, 12, 13 or 14 digits) and `mpn` are optional, for Google.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    optionType: text("option_type").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull().default(""),
    sku: text("sku"),
    gtin: text("gtin"),
    mpn: text("mpn"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.optionType, table.size, table.color] }),
    uniqueIndex("product_variants_sku_idx").on(table.sku),
    check(
      "product_variants_gtin_digits",
      sql`${table.gtin} IS NULL OR ${table.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`,
    ),
    check(
      "product_variants_sku_shape",
      sql`${table.sku} IS NULL OR ${table.sku} ~ '^[A-Za-z0-9][A-Za-z0-9._/-]{0,49}$'`,
    ),
    check(
      "product_variants_mpn_length",
      sql`${table.mpn} IS NULL OR char_length(${table.mpn}) BETWEEN 1 AND 70`,
    ),
  ],
);

/**
 * Every selling price an option has had (X-TRUE-1): a row when an option first has a price and at
 * each change, from the owner's editor, the JSON API or the CSV import. A "was" price is shown
 * only when these rows back it (app/pricing/was-price.ts). The seed's options have none.
 */
export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: text("product_id").notNull(),
    optionType: text("option_type").notNull(),
    pricePence: integer("price_pence").notNull(),
    /** From when the option sold at this price (the shop's clock). */
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("price_history_option_idx").on(table.productId, table.optionType, table.startedAt),
    check("price_history_price_non_negative", sql`${table.pricePence} >= 0`),
  ],
);

/** The owner's words on the storefront (X-CAT-5): the site banner and the home hero. One row. */
export const siteContent = pgTable(
  "site_content",
  {
    id: integer("id").primaryKey().default(1),
    bannerText: text("banner_text").notNull(),
    heroHeading: text("hero_heading").notNull(),
    heroText: text("hero_text").notNull(),
    /** The home page's hero button, pictures and tiles (X-OWN-4, catalogue/home-blocks.ts);
     *  null: the demo's. */
    homeBlocks: jsonb("home_blocks").$type<unknown>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("site_content_one_row", sql`${table.id} = 1`)],
);

/**
 * The shop's settings in the owner's hands (X-TRUE-2): seller, delivery and returns as one JSON
 * document (app/policy/shop-settings.ts checks its shape). One row; none: the defaults.
 * `delivery_saved_at`: the owner saved them at least once (the demo sentences end);
 * `demo_removed_at`: the owner removed the demo content (X-TRUE-3).
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").$type<unknown>(),
    deliverySavedAt: timestamp("delivery_saved_at", { withTimezone: true }),
    demoRemovedAt: timestamp("demo_removed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("shop_settings_one_row", sql`${table.id} = 1`)],
);

/** Automatic sales (X-CAT-5): a percentage off every full-price line while it runs. */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    percent: integer("percent").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("promotions_percent_range", sql`${table.percent} BETWEEN 1 AND 90`),
    check(
      "promotions_ends_after_start",
      sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

/**
 * One row counting the catalogue's changes: every save of a product, the site's words or a
 * promotion raises it in the same transaction, and each process reloads its copy of the
 * catalogue when it sees a new figure (X-CAT-1: an owner's change shows everywhere within 10 s).
 */
export const catalogueRevision = pgTable(
  "catalogue_revision",
  {
    id: integer("id").primaryKey().default(1),
    revision: bigint("revision", { mode: "number" }).notNull().default(1),
  },
  (table) => [check("catalogue_revision_one_row", sql`${table.id} = 1`)],
);

// ---- Product photos (issue 22, X-PHOTO) ------------------------------------------------------

export const PRODUCT_PHOTO_STATUSES = ["processing", "ready", "failed"] as const;
export type ProductPhotoStatus = (typeof PRODUCT_PHOTO_STATUSES)[number];

/** One rendition of a product photo: its format and size, and the key of its bytes. */
export interface StoredRendition {
  /** AVIF and WebP for pages; JPEG (small) for e-mails, whose clients may show neither. */
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  /** The file's key in the photo files (app/storage): `product-photos/<id>/<width>-<hash>.<format>`. */
  key: string;
}

/**
 * The owner's photos of a product (X-PHOTO-1), in the owner's order. The upload stores an
 * upright copy without metadata (`master_key`); the background job (X-PHOTO-2) claims a row in
 * `processing` until `claimed_until`, makes its renditions and placeholder, and marks it `ready`
 * only if its claim (`claim_token`) still holds, so a photo is finished once. A claim that runs
 * out (a process killed mid-way) lets another process take it.
 */
export const productPhotos = pgTable(
  "product_photos",
  {
    id: uuid("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    alt: text("alt").notNull(),
    /** One of the product's colours, or null: for every colour. */
    color: text("color"),
    status: text("status", { enum: PRODUCT_PHOTO_STATUSES }).notNull().default("processing"),
    /** The upright master, metadata stripped, and its size. */
    masterKey: text("master_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    renditions: jsonb("renditions")
      .$type<StoredRendition[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A tiny blurred WebP as a data: URL, shown while the photo loads. */
    placeholder: text("placeholder"),
    claimToken: uuid("claim_token"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("product_photos_product_idx").on(table.productId, table.position),
    index("product_photos_processing_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'processing'`),
    check(
      "product_photos_alt_length",
      sql`char_length(${table.alt}) BETWEEN 1 AND ${sql.raw(String(PRODUCT_PHOTO_LIMITS.alt))}`,
    ),
    check(
      "product_photos_color_length",
      sql`${table.color} IS NULL OR char_length(${table.color}) BETWEEN 1 AND ${sql.raw(String(PRODUCT_PHOTO_LIMITS.color))}`,
    ),
    check("product_photos_size_positive", sql`${table.width} > 0 AND ${table.height} > 0`),
  ],
);

/**
 * The drawings' PNGs (X-SEC-18, issue 36 item 6): each made once, in the image queue, at first
 * start or on first ask, and kept here so a restart or another process does not make it again.
 * `key` names the drawing as drawn (product, view, shape, print, colour) and its width.
 */
export const drawingPngs = pgTable("drawing_pngs", {
  key: text("key").primaryKey(),
  png: bytea("png").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
