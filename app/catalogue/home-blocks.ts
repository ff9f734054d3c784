import { z } from "zod";
import { formatPenceShort } from "~/pricing/money";
import { GI_NAME_PRICE_PENCE } from "./figures";
import type { HomeBlocks, HomeTile } from "./types";

/**
 * The home page's blocks (X-OWN-4): the hero's button and pictures and the tiles, all the owner's
 * content, edited on /admin/site and stored with the site's words (`site_content.home_blocks`).
 * A shop that never saved them shows the demo's (DEMO_HOME_BLOCKS); "Remove demo content" takes
 * the demo's sale tile away, and no tile advertises a sale that is not running (catalogue.ts).
 */

export const HOME_LIMITS = {
  tiles: 6,
  heroPictures: 2,
  short: 60,
  text: 300,
  link: 200,
} as const;

/** The demo's home page, as the shop has always shown it (the seed's demo content). */
export const DEMO_HOME_BLOCKS: HomeBlocks = {
  heroCta: "Shop now",
  heroLink: "/mens",
  heroProductIds: ["mens-england-no-gi-set", "mens-ranked-gorilla-no-gi-set"],
  tiles: [
    {
      eyebrow: "Mens Muay Thai",
      title: "Grip N Trip Thai Shorts",
      text: "Traditional-cut satin shorts with side splits for high kicks. Purple, red or grey.",
      cta: "Shop Thai shorts",
      link: "/product/mens-grip-n-trip-thai-shorts",
      productId: "mens-grip-n-trip-thai-shorts",
      tone: "dark",
    },
    {
      eyebrow: "Outlet",
      title: "Up to 30% off",
      text: "Last season's colourways and end-of-line sizes at up to 30% off while they last.",
      cta: "Shop the outlet",
      link: "/mens",
      productId: null,
      tone: "accent",
    },
    {
      eyebrow: "Academies & teams",
      title: "Customisation",
      text: `Your academy's name, logo and colours on gis, rashguards and hoodies. Names on gis from ${formatPenceShort(GI_NAME_PRICE_PENCE)}.`,
      cta: "Design your kit",
      link: "/customisation",
      productId: "mens-grip-truth-bjj-gi",
      tone: "light",
    },
    {
      eyebrow: "Accessories",
      title: "Bags, guards & more",
      text: "Gym bags, mouth guards, knee pads and everything else that goes in the kit bag.",
      cta: "Shop accessories",
      link: "/accessories",
      productId: "premium-gym-bag",
      tone: "light",
    },
  ],
};

/** Words that claim a sale or a reduction (X-TRUE-3, X-OWN-4): "20% off", "Opening sale",
 *  "the outlet", "was £40", "clearance". */
export const SALE_CLAIM = /\d+\s*%\s*off|\bsale\b|\boutlet\b|\bclearance\b|\bwas\s+£/i;

/** Whether a tile claims a sale or a reduction anywhere in its words. */
export function tileClaimsSale(tile: HomeTile): boolean {
  return [tile.eyebrow, tile.title, tile.text, tile.cta].some((words) => SALE_CLAIM.test(words));
}

/** The blocks without any sale claim: the hero's button keeps plain words, sale tiles go. */
export function withoutSaleClaims(home: HomeBlocks): HomeBlocks {
  return {
    ...home,
    heroCta: SALE_CLAIM.test(home.heroCta) ? "Shop now" : home.heroCta,
    tiles: home.tiles.filter((tile) => !tileClaimsSale(tile)),
  };
}

const words = (field: string, max: number, min = 1) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .min(min, `${field} cannot be empty.`)
    .max(max, `${field} can be at most ${max} characters.`);

/** A path of the shop ("/mens", "/product/x"): never another site, never a script. */
const shopPath = (field: string) =>
  words(field, HOME_LIMITS.link).regex(
    /^\/(?!\/)[A-Za-z0-9\-._~/?=&#%]*$/,
    `${field} must be a path of the shop, starting with / (for example /mens).`,
  );

const productId = z
  .string({ error: "A picture must name a product." })
  .trim()
  .max(HOME_LIMITS.link, "A product id is too long.")
  .regex(/^[a-z0-9-]*$/, "A picture must name a product by its id (for example premium-gym-bag).");

const tileSchema = z
  .object({
    eyebrow: words("A tile's small heading", HOME_LIMITS.short, 0),
    title: words("A tile's title", HOME_LIMITS.short),
    text: words("A tile's text", HOME_LIMITS.text, 0),
    cta: words("A tile's button", HOME_LIMITS.short),
    link: shopPath("A tile's link"),
    productId: productId.nullable().transform((id) => id || null),
    tone: z.enum(["dark", "accent", "light"], {
      error: 'A tile\'s tone must be "dark", "accent" or "light".',
    }),
  })
  .strict();

export const homeBlocksSchema = z
  .object({
    heroCta: words("The hero's button", HOME_LIMITS.short),
    heroLink: shopPath("The hero's link"),
    heroProductIds: z
      .array(productId, { error: "heroProductIds must be a list of product ids." })
      .transform((ids) => ids.filter(Boolean))
      .pipe(
        z
          .array(z.string())
          .max(
            HOME_LIMITS.heroPictures,
            `The hero shows at most ${HOME_LIMITS.heroPictures} pictures.`,
          ),
      ),
    tiles: z
      .array(tileSchema, { error: "tiles must be a list." })
      .max(HOME_LIMITS.tiles, `The home page has at most ${HOME_LIMITS.tiles} tiles.`),
  })
  .strict();

/** The stored blocks, or the demo's when none were saved (or what is stored no longer reads). */
export function homeBlocksFromStored(stored: unknown): HomeBlocks {
  if (stored === null || stored === undefined) return DEMO_HOME_BLOCKS;
  const parsed = homeBlocksSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEMO_HOME_BLOCKS;
}
