import { formatPenceShort } from "~/pricing/money";
import { GI_NAME_PRICE_PENCE } from "./figures";
import type { HomeBlocks, HomeTile } from "./types";

/**
 * The home page's blocks (X-OWN-4): the hero's button and pictures and the tiles, all the owner's
 * content, edited on /admin/site and stored with the site's words (`site_content.home_blocks`).
 * A shop that never saved them shows the demo's (DEMO_HOME_BLOCKS); "Remove demo content" takes
 * the demo's sale tile away, and no tile advertises a sale that is not running (catalogue.ts).
 * The form's checker is ./home-blocks-schema.ts, apart so the storefront's pages, which read
 * these, do not carry zod (issue 51: 25 KB of first-load JavaScript).
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
