import { DEFAULT_SETTINGS_STATE, type SettingsState } from "~/policy/shop-settings";
import { SALE_CLAIM, withoutSaleClaims } from "./home-blocks";
import { bundlePricePence, type Pence } from "~/pricing/money";
import { type PricePoint, wasPriceVerdict } from "~/pricing/was-price";
import type {
  AccessoryCategory,
  Category,
  Product,
  ProductOption,
  Promotion,
  SiteContent,
} from "./types";
import { ACCESSORY_CATEGORIES } from "./types";

/** A bundle: a product made of other products (S-ACC-4). */
export type BundleProduct = Product & { bundle: NonNullable<Product["bundle"]> };

export interface BundleQuote {
  items: { id: string; name: string; pricePence: Pence }[];
  fullPence: Pence;
  pricePence: Pence;
  savingPence: Pence;
}

/**
 * The catalogue as one request sees it (X-CAT-1): the products in the database with the running
 * sale applied. Built on the server (./store.server.ts) and never shipped whole to the browser: a
 * page's loader sends the products it shows.
 */
export interface Catalogue {
  /** Every product in the shop (active, not a bundle), in the owner's order. */
  readonly products: readonly Product[];
  /** Active products, bundles and the owner's drafts and archived ones, by id. */
  readonly all: ReadonlyMap<string, Product>;
  readonly site: SiteContent;
  /** The automatic sale running now, if any. */
  readonly sale: Promotion | null;
  /** The shop's settings (X-TRUE-2): seller, delivery, returns; they ride the catalogue's
   *  revision, so every process sees a save within CATALOGUE_CHECK_MS. */
  readonly settings: SettingsState;
}

/** The sale running at `now`, if any: the latest started of those between their dates. */
export function runningSale(promotions: readonly Promotion[], now: number): Promotion | null {
  const running = promotions.filter(
    (p) =>
      (p.startsAt === undefined || p.startsAt <= now) && (p.endsAt === undefined || now < p.endsAt),
  );
  running.sort((a, b) => (b.startsAt ?? 0) - (a.startsAt ?? 0));
  return running[0] ?? null;
}

/** A price less `percent` per cent, to the nearest penny. */
export function reducedPence(pence: Pence, percent: number): Pence {
  return Math.round((pence * (100 - percent)) / 100);
}

/**
 * A product as it sells during a sale of `percent` (X-CAT-5): every full-price price is reduced
 * and keeps what it was as its "was" price; a price that is already reduced (it has a compare-at
 * price) stays as it is. Name customisation is a service, not a line, and is not reduced.
 */
export function onSale(product: Product, percent: number, endsAt?: number): Product {
  if (product.bundle) return product;
  const option = (o: ProductOption): ProductOption =>
    o.compareAtPricePence
      ? o
      : {
          ...o,
          pricePence: reducedPence(o.pricePence, percent),
          compareAtPricePence: o.pricePence,
          ...(endsAt !== undefined && { saleEndsAt: endsAt }),
        };
  return {
    ...product,
    ...(product.originalPricePence
      ? {}
      : {
          pricePence: reducedPence(product.pricePence, percent),
          originalPricePence: product.pricePence,
        }),
    options: product.options.map(option),
  };
}

/** A bundle's price from its items' prices now, less its percentage. */
function pricedBundle(bundle: BundleProduct, byId: ReadonlyMap<string, Product>): BundleProduct {
  const prices = bundle.bundle.productIds.map((id) => byId.get(id)?.pricePence ?? 0);
  return { ...bundle, pricePence: bundlePricePence(prices, bundle.bundle.discountPercent) };
}

/** Each option's price history (X-TRUE-1), by `priceHistoryKey`. */
export type PriceHistories = ReadonlyMap<string, readonly PricePoint[]>;

export function priceHistoryKey(productId: string, optionType: string): string {
  return `${productId}\u0000${optionType}`;
}

function hasHistory(product: Product, history: PriceHistories): boolean {
  return product.options.some((o) => history.has(priceHistoryKey(product.id, o.type)));
}

/**
 * The "was" prices that may be shown now (X-TRUE-1): an option with a price history keeps its
 * compare-at price only while the history backs it (it stops by itself); one without any (the
 * seed's) is demo content, kept until the owner removes the demo.
 */
export function withGenuineWasPrices(
  product: Product,
  history: PriceHistories,
  now: number,
  demoRemoved: boolean,
): Product {
  if (!hasHistory(product, history)) {
    if (!demoRemoved) return product;
    return {
      ...without(product, "originalPricePence"),
      options: product.options.map((option) => without(option, "compareAtPricePence")),
    };
  }
  const options = product.options.map((option) => {
    if (option.compareAtPricePence === undefined) return option;
    const points = history.get(priceHistoryKey(product.id, option.type)) ?? [];
    const verdict = wasPriceVerdict(points, option.pricePence, option.compareAtPricePence, now);
    return verdict.genuine ? option : without(option, "compareAtPricePence");
  });
  return { ...without(product, "originalPricePence"), options };
}

/** A copy without one optional field. */
function without<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const copy = { ...value };
  delete copy[key];
  return copy;
}

/** The headline price (X-TRUE-1): the lowest option's selling price now, with its genuine "was". */
function withLowestHeadline(product: Product): Product {
  if (!product.options.length) return product;
  const lowest = product.options.reduce((a, b) => (b.pricePence < a.pricePence ? b : a));
  return {
    ...without(product, "originalPricePence"),
    pricePence: lowest.pricePence,
    ...(lowest.compareAtPricePence !== undefined && {
      originalPricePence: lowest.compareAtPricePence,
    }),
  };
}

/** Words that advertise a sale: "20% off", "30 % OFF", "Opening sale", "the outlet", "was £40". */
const SALE_WORDS = SALE_CLAIM;

/** The plain heading the home page falls back to when its own advertises a sale not running. */
export const PLAIN_HERO_HEADING = "Built for the mat";

/** The site's words with any sale wording no running sale backs taken out (X-TRUE-3). */
export function withoutUnbackedSale(site: SiteContent): SiteContent {
  return {
    bannerText: SALE_WORDS.test(site.bannerText) ? "" : site.bannerText,
    heroHeading: SALE_WORDS.test(site.heroHeading) ? PLAIN_HERO_HEADING : site.heroHeading,
    heroText: SALE_WORDS.test(site.heroText) ? "" : site.heroText,
    // X-OWN-4: a tile that claims a sale goes too, and the hero's button keeps plain words.
    home: withoutSaleClaims(site.home),
  };
}

/**
 * Builds the catalogue from the stored products (in the owner's order), the site's words and the
 * promotions, as it stands at `now`.
 */
export function makeCatalogue(
  stored: readonly Product[],
  site: SiteContent,
  promotions: readonly Promotion[],
  now: number,
  settings: SettingsState = DEFAULT_SETTINGS_STATE,
  history: PriceHistories = new Map(),
): Catalogue {
  const sale = runningSale(promotions, now);
  const truthful = stored.map((p) => withGenuineWasPrices(p, history, now, settings.demoRemoved));
  const priced = (sale ? truthful.map((p) => onSale(p, sale.percent, sale.endsAt)) : truthful).map(
    (p) => (hasHistory(p, history) ? withLowestHeadline(p) : p),
  );
  // X-TRUE-3: once the demo is gone, no words advertise a sale that is not running.
  site = settings.demoRemoved && !sale ? withoutUnbackedSale(site) : site;
  const all = new Map(priced.map((product) => [product.id, product]));
  for (const product of priced) {
    if (product.bundle) all.set(product.id, pricedBundle(product as BundleProduct, all));
  }
  const products = [...all.values()].filter((p) => p.status === "active" && !p.bundle);
  return { products, all, site, sale, settings };
}

/** A product of the shop (active, not a bundle), for its page, a card or a review. */
export function findProduct(catalogue: Catalogue, id: string): Product | undefined {
  const product = catalogue.all.get(id);
  return product && product.status === "active" && !product.bundle ? product : undefined;
}

/** Anything that can be a cart line now: an active product or bundle. */
export function findSellable(catalogue: Catalogue, id: string): Product | undefined {
  const product = catalogue.all.get(id);
  return product?.status === "active" ? product : undefined;
}

export function productsInCategories(
  catalogue: Catalogue,
  categories: readonly Category[],
): Product[] {
  return categories.flatMap((category) =>
    catalogue.products.filter((p) => p.category === category),
  );
}

/** The New Arrivals of the home page (S-CAT-1): the men's no-gi sets. */
export function newArrivals(catalogue: Catalogue): Product[] {
  return catalogue.products.filter((p) => p.group === "mens" && p.kind === "no-gi-set");
}

export function accessories(catalogue: Catalogue): Product[] {
  return catalogue.products.filter((p) => p.category === "ACCESSORIES");
}

/** The four category tiles with how many accessories each holds (S-ACC-1; README, differences). */
export function accessoryTiles(
  catalogue: Catalogue,
): { category: AccessoryCategory; count: number }[] {
  const shelf = accessories(catalogue);
  return ACCESSORY_CATEGORIES.map((category) => ({
    category,
    count: shelf.filter((a) => a.accessoryCategory === category).length,
  }));
}

/** The bundles on sale, the Complete Training Bundle first (S-ACC-4). */
export function bundles(catalogue: Catalogue): BundleProduct[] {
  return [...catalogue.all.values()].filter(
    (p): p is BundleProduct => p.status === "active" && Boolean(p.bundle),
  );
}

/** A bundle's items, full price, price and saving (S-ACC-4); null when an item has left the shop. */
export function bundleQuote(catalogue: Catalogue, bundle: BundleProduct): BundleQuote | null {
  const items = [];
  for (const id of bundle.bundle.productIds) {
    const product = findProduct(catalogue, id);
    if (!product) return null;
    items.push({ id, name: product.name, pricePence: product.pricePence });
  }
  const fullPence = items.reduce((sum, item) => sum + item.pricePence, 0);
  return {
    items,
    fullPence,
    pricePence: bundle.pricePence,
    savingPence: fullPence - bundle.pricePence,
  };
}

/** Whether a product's options cost different amounts: its headline price reads "from £X". */
export function pricesDiffer(product: Pick<Product, "options">): boolean {
  return new Set(product.options.map((o) => o.pricePence)).size > 1;
}

/** The lowest price a product sells at: "from £X" when its options differ (X-CAT-1). */
export function fromPricePence(product: Pick<Product, "options" | "pricePence">): Pence {
  return product.options.length
    ? Math.min(...product.options.map((o) => o.pricePence))
    : product.pricePence;
}
