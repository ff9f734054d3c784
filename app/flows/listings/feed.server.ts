import { createHash } from "node:crypto";
import type { Catalogue } from "~/catalogue/catalogue";
import { catalogueRevisionHeld } from "~/catalogue/store.server";
import type { Database } from "~/db/database";
import { feedXml } from "~/seo/feed";
import type { Listing } from "~/seo/listing";
import { stockLevels, stockStamp } from "~/stock/stock.server";
import { buildListing } from "./listing";

/**
 * The product feed as served (issue 55): made once and kept until the catalogue (products,
 * prices, photos, identifiers, a sale, the owner's settings), the stock or the day changes, and
 * answered with an ETag and Last-Modified so a reader that has it gets a 304.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Feed {
  xml: string;
  etag: string;
  /** When this feed's content was made (the shop's clock, epoch ms, whole seconds). */
  lastModified: number;
  variants: number;
}

/** Every product of the shop as listed now; dates are taken at the start of the day, so the feed
 *  is the same all day unless something changes. */
export async function listingsNow(
  db: Database,
  catalogue: Catalogue,
  origin: string,
  now: number,
): Promise<Listing[]> {
  const levels = await stockLevels(db);
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  return catalogue.products.map((product) => buildListing(product, { origin, levels, now: day }));
}

const held = new WeakMap<Database, Map<string, Feed>>();

/** What the feed is made of: when any of it changes, the feed is made again. */
async function stampOf(db: Database, catalogue: Catalogue, origin: string, now: number) {
  const [revision, stock] = await Promise.all([catalogueRevisionHeld(db, now), stockStamp(db)]);
  // A "was" price stops by itself as time passes (X-TRUE-1) and a sale starts or ends: the
  // prices as they stand now are part of the key.
  const prices = catalogue.products
    .map(
      (p) =>
        `${p.id}:${p.options.map((o) => `${o.pricePence}/${o.compareAtPricePence ?? ""}`).join(",")}`,
    )
    .join(";");
  const day = Math.floor(now / DAY_MS);
  return createHash("sha256")
    .update([origin, revision, stock, day, prices].join("\n"))
    .digest("base64url");
}

export async function googleFeed(
  db: Database,
  catalogue: Catalogue,
  origin: string,
  now: number,
): Promise<Feed> {
  const stamp = await stampOf(db, catalogue, origin, now);
  let byStamp = held.get(db);
  if (!byStamp) {
    byStamp = new Map();
    held.set(db, byStamp);
  }
  const kept = byStamp.get(stamp);
  if (kept) return kept;
  const listings = await listingsNow(db, catalogue, origin, now);
  const xml = feedXml(
    listings,
    catalogue.settings.settings,
    origin,
    Math.floor(now / DAY_MS) * DAY_MS,
  );
  const feed: Feed = {
    xml,
    etag: `"${createHash("sha256").update(xml).digest("base64url").slice(0, 27)}"`,
    lastModified: Math.floor(now / 1000) * 1000,
    variants: listings.reduce((sum, l) => sum + l.variants.length, 0),
  };
  // Only the newest is kept.
  byStamp.clear();
  byStamp.set(stamp, feed);
  return feed;
}
