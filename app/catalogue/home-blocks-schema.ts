import { z } from "zod";
import type { HomeBlocks } from "./types";
import { DEMO_HOME_BLOCKS, HOME_LIMITS } from "./home-blocks";

/**
 * The home page's blocks as the server checks them (X-OWN-4): apart from ./home-blocks.ts so the
 * storefront's pages, which read the blocks, do not carry the checker.
 */

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
