import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { readSettingsState } from "~/catalogue/editing/settings.server";
import { catalogueChanged } from "~/catalogue/store.server";
import { SEED_PRODUCTS } from "~/catalogue/seed";
import { SEED_SITE } from "~/catalogue/seed/sql";
import { PLAIN_HERO_HEADING } from "~/catalogue/catalogue";
import { tileClaimsSale, withoutSaleClaims } from "~/catalogue/home-blocks";
import { homeBlocksFromStored } from "~/catalogue/home-blocks-schema";
import type { Database } from "~/db/database";
import { lockForTransaction } from "~/db/locks.server";
import { discountCodes } from "~/discounts/schema";
import { productOptions, products, shopSettings, siteContent } from "~/catalogue/schema";
import { recordAudit } from "~/security/audit.server";
import type { Env } from "~/shared/settings";
import { mailDelivered } from "~/mail/mail-server.server";
import { realPaymentsReady } from "~/payments/keys.server";
import type { ServiceSettings } from "~/security/service-settings.server";
import { done, type Result } from "~/shared/problems";

/**
 * Going live (X-TRUE-3): the launch checklist the dashboard shows until every item is done, and
 * "Remove demo content", which takes away what the specification's seed put in the shop to show
 * it off: its discount codes, its struck-through prices and its sale wording.
 */

export interface LaunchItem {
  id:
    | "public-address"
    | "real-payments"
    | "email-delivered"
    | "seller"
    | "delivery-returns"
    | "demo-content";
  done: boolean;
  label: string;
  href: string;
}

/** The seed's discount codes (migration 0002): unlimited and stacking with the sale. */
export const DEMO_CODES = ["SAVE10", "SAVE20"] as const;

/** The seed's home page text without its sale wording. */
const PLAIN_HERO_TEXT =
  "No-gi sets, gis, Thai shorts and rest-day kit. Built for the mat, made in small runs.";

/** GET /api/admin/launch: {items: [{id, done, label, href}]}. */
export async function launchChecklist(
  db: Database,
  env: Pick<Env, "PUBLIC_URL" | "SMTP_URL" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">,
  services: ServiceSettings,
): Promise<{ items: LaunchItem[]; done: boolean }> {
  const state = await readSettingsState(db);
  const { seller } = state.settings;
  const items: LaunchItem[] = [
    {
      id: "public-address",
      done: Boolean(env.PUBLIC_URL),
      label: "Set the shop's public address, so links in e-mails point at the shop",
      href: "/admin/payments#public-address",
    },
    {
      // X-OWN-3: a live key Stripe accepted, not a variable.
      id: "real-payments",
      done: realPaymentsReady(env, services),
      label: "Take real payments: save Stripe's live keys (Stripe checks them)",
      href: "/admin/payments#stripe",
    },
    {
      // X-OWN-2: a test message a mail server accepted, on the server e-mail goes through now.
      id: "email-delivered",
      done: mailDelivered(env, services),
      label: "E-mail is delivered: set the outgoing mail server and send a test message",
      href: "/admin/settings#mail-server",
    },
    {
      id: "seller",
      done:
        state.deliveryReviewed &&
        Boolean(seller.name && seller.email) &&
        seller.postalAddress.length >= 2,
      label: "Fill in the seller's name, postal address and e-mail",
      href: "/admin/settings",
    },
    {
      id: "delivery-returns",
      done: state.deliveryReviewed,
      label: "Review delivery prices and the return window",
      href: "/admin/settings",
    },
    {
      id: "demo-content",
      done: state.demoRemoved,
      label: "Remove the demo content (codes, “was” prices, sale wording)",
      href: "/admin/launch",
    },
  ];
  return { items, done: items.every((item) => item.done) };
}

export interface DemoRemoval {
  codesArchived: string[];
  pricesCleared: { productId: string; option: string | null }[];
  bannerCleared: boolean;
  heroReplaced: boolean;
  /** The home page's tiles that claimed a sale, by title (X-OWN-4: the demo's "Up to 30% off"). */
  tilesRemoved: string[];
  message: string;
}

/** What removing the demo would change now (the confirm step shows it; the removal does it). */
export async function demoContent(db: Database): Promise<Omit<DemoRemoval, "message">> {
  const codes = await db
    .select({ code: discountCodes.code })
    .from(discountCodes)
    .where(
      and(
        inArray(discountCodes.code, [...DEMO_CODES]),
        eq(discountCodes.active, true),
        isNull(discountCodes.usageLimit),
      ),
    );
  const productRows = await db
    .select({ id: products.id, compareAt: products.compareAtPricePence })
    .from(products);
  const optionRows = await db
    .select({
      productId: productOptions.productId,
      type: productOptions.type,
      compareAt: productOptions.compareAtPricePence,
    })
    .from(productOptions);
  const seed = new Map(SEED_PRODUCTS.map((product) => [product.id, product]));
  const pricesCleared: DemoRemoval["pricesCleared"] = [];
  for (const row of productRows) {
    const seeded = seed.get(row.id);
    if (seeded && row.compareAt !== null && row.compareAt === seeded.originalPricePence) {
      pricesCleared.push({ productId: row.id, option: null });
    }
  }
  for (const row of optionRows) {
    const seeded = seed.get(row.productId)?.options.find((o) => o.type === row.type);
    if (seeded && row.compareAt !== null && row.compareAt === seeded.compareAtPricePence) {
      pricesCleared.push({ productId: row.productId, option: row.type });
    }
  }
  const [site] = await db.select().from(siteContent).where(eq(siteContent.id, 1));
  const home = homeBlocksFromStored(site?.homeBlocks);
  return {
    tilesRemoved: home.tiles.filter(tileClaimsSale).map((tile) => tile.title),
    codesArchived: codes.map((row) => row.code),
    pricesCleared,
    bannerCleared: site?.bannerText === SEED_SITE.bannerText,
    heroReplaced:
      site?.heroHeading === SEED_SITE.heroHeading || site?.heroText === SEED_SITE.heroText,
  };
}

/** POST /api/admin/launch/remove-demo: 200 with what it changed, audited; twice changes nothing. */
export async function removeDemoContent(db: Database, actor: string): Promise<Result<DemoRemoval>> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await lockForTransaction(tx, "shopSettings");
    const found = await demoContent(txDb);
    if (found.codesArchived.length) {
      await tx
        .update(discountCodes)
        .set({ active: false, updatedAt: sql`now()` })
        .where(inArray(discountCodes.code, found.codesArchived));
    }
    for (const cleared of found.pricesCleared) {
      if (cleared.option === null) {
        await tx
          .update(products)
          .set({ compareAtPricePence: null, updatedAt: sql`now()` })
          .where(eq(products.id, cleared.productId));
      } else {
        await tx
          .update(productOptions)
          .set({ compareAtPricePence: null })
          .where(
            and(
              eq(productOptions.productId, cleared.productId),
              eq(productOptions.type, cleared.option),
            ),
          );
      }
    }
    const [site] = await tx.select().from(siteContent).where(eq(siteContent.id, 1));
    if (site && (found.bannerCleared || found.heroReplaced || found.tilesRemoved.length)) {
      await tx
        .update(siteContent)
        .set({
          // X-OWN-4: the blocks are stored as the owner's from now on, without any sale tile.
          homeBlocks: withoutSaleClaims(homeBlocksFromStored(site.homeBlocks)),
          bannerText: found.bannerCleared ? "" : site.bannerText,
          heroHeading:
            site.heroHeading === SEED_SITE.heroHeading ? PLAIN_HERO_HEADING : site.heroHeading,
          heroText: site.heroText === SEED_SITE.heroText ? PLAIN_HERO_TEXT : site.heroText,
          updatedAt: sql`now()`,
        })
        .where(eq(siteContent.id, 1));
    }
    await tx
      .insert(shopSettings)
      .values({ id: 1, demoRemovedAt: sql`now()` })
      .onConflictDoUpdate({
        target: shopSettings.id,
        set: {
          demoRemovedAt: sql`coalesce(${shopSettings.demoRemovedAt}, now())`,
          updatedAt: sql`now()`,
        },
      });
    const products_ = new Set(found.pricesCleared.map((p) => p.productId)).size;
    const parts = [
      found.codesArchived.length
        ? `archived the codes ${found.codesArchived.join(" and ")}`
        : "found no demo codes to archive",
      found.pricesCleared.length
        ? `cleared ${found.pricesCleared.length} demo “was” prices on ${products_} products`
        : "found no demo “was” prices",
      found.bannerCleared ? "took the opening-sale banner down" : null,
      found.heroReplaced ? "replaced the “20% off site wide” home heading with plain words" : null,
      found.tilesRemoved.length
        ? `took the home page's sale tile${found.tilesRemoved.length > 1 ? "s" : ""} down (${found.tilesRemoved.join(", ")})`
        : null,
    ].filter(Boolean);
    const message = `Demo content removed: ${parts.join(", ")}.`;
    await recordAudit(tx, {
      actor,
      action: "launch.remove_demo",
      subject: "settings",
      before: null,
      after: { ...found },
    });
    await catalogueChanged(tx, db);
    return done({ ...found, message });
  });
}
