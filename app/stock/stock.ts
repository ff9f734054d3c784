import type { Product } from "~/catalogue/types";
import { findOption, NO_SIZE, type Selection, STANDARD_OPTION } from "~/catalogue/options";
import type { LineChoice, LineChoiceOrNull } from "~/shared/line-choice";

/**
 * What stock needs to know of a product (X-CAT-1: the catalogue is the server's): its name, and a
 * bundle's items. The server looks products up in the catalogue; a page in the products it shows
 * or the cart's own lines.
 */
export interface StockProduct {
  name: string;
  bundle?: { productIds: readonly string[] };
}
export type StockLookup = (productId: string) => StockProduct | undefined;

/** One sellable variant (X-STK-1): product + option + size, and colour ('' when it has none). */
export type Variant = Pick<LineChoice, "productId" | "optionType" | "size"> & { color: string };

/** The owner's view of one variant: a quantity, or null for made to order (X-STK-1). */
export interface VariantStock extends Variant {
  quantity: number | null;
}

export interface ProductStock {
  productId: string;
  productName: string;
  variants: VariantStock[];
}

/** What is left of each stocked variant, by variantKey; a variant not listed is made to order. */
export type StockLevels = Readonly<Record<string, number>>;

export function variantKey(variant: Variant): string {
  return [variant.productId, variant.optionType, variant.size, variant.color].join("|");
}

export const LEAD_TIMES = {
  inStock: "Dispatched in 2-3 working days",
  madeToOrder: "Made to order: dispatched in 3-6 weeks",
} as const;

export function leadTime(fromStock: boolean): string {
  return fromStock ? LEAD_TIMES.inStock : LEAD_TIMES.madeToOrder;
}

/** What stock needs of a line (X-ARCH-3): from the cart, a request or an order row. */
export type StockLineChoice = Pick<
  LineChoiceOrNull,
  "productId" | "optionType" | "size" | "color" | "customText" | "quantity"
>;

/**
 * The variants one item of a line takes from stock: none for a line with custom text (made for
 * the customer), one of each item for a bundle, otherwise the line's own variant.
 */
export function variantsOfLine(line: StockLineChoice, lookup: StockLookup): Variant[] {
  if (line.customText?.trim()) return [];
  const product = lookup(line.productId);
  if (!product) return [];
  if (product.bundle) {
    return product.bundle.productIds.map((productId) => ({
      productId,
      optionType: STANDARD_OPTION,
      size: NO_SIZE,
      color: "",
    }));
  }
  return [
    {
      productId: line.productId,
      optionType: line.optionType,
      size: line.size,
      color: line.color ?? "",
    },
  ];
}

export type Availability =
  | { kind: "made-to-order" }
  | { kind: "in-stock"; left: number }
  | { kind: "short"; variant: Variant; left: number };

/**
 * Whether a line can be had as it stands: from stock, made to order, or short of a stocked
 * variant (sold out, or fewer left than asked). A line is from stock only when every item is.
 */
export function lineAvailability(
  line: StockLineChoice,
  levels: StockLevels,
  lookup: StockLookup,
): Availability {
  const variants = variantsOfLine(line, lookup);
  let allStocked = variants.length > 0;
  let fewest = Infinity;
  for (const variant of variants) {
    const left = levels[variantKey(variant)];
    if (left === undefined) {
      allStocked = false;
      continue;
    }
    if (left < line.quantity) return { kind: "short", variant, left };
    fewest = Math.min(fewest, left);
  }
  return allStocked ? { kind: "in-stock", left: fewest } : { kind: "made-to-order" };
}

function variantName(variant: Variant, lookup: StockLookup): string {
  const name = lookup(variant.productId)?.name ?? variant.productId;
  const colour = variant.color ? ` (${variant.color})` : "";
  return variant.size === NO_SIZE ? `${name}${colour}` : `${name} in size ${variant.size}${colour}`;
}

/** The customer's message for a short variant (X-STK-3), the same on the page and the server. */
export function shortMessage(variant: Variant, left: number, lookup: StockLookup): string {
  return left <= 0
    ? `Sorry, ${variantName(variant, lookup)} has just sold out.`
    : `Sorry, only ${left} left of ${variantName(variant, lookup)}.`;
}

/** X-SEC-11: the most of one stocked variant a single order may take. */
export function perOrderMessage(variant: Variant, most: number, lookup: StockLookup): string {
  return `You can buy up to ${most} of ${variantName(variant, lookup)} in one order.`;
}

/** Every variant a product can be sold as, for the back office's stock table. */
export function variantsOfProduct(product: Product): Variant[] {
  if (product.bundle) return [];
  if (product.options.length === 0) {
    return [{ productId: product.id, optionType: STANDARD_OPTION, size: NO_SIZE, color: "" }];
  }
  return product.options.flatMap((option) =>
    option.sizes.flatMap((size) =>
      (option.colors ?? [""]).map((color) => ({
        productId: product.id,
        optionType: option.type,
        size,
        color,
      })),
    ),
  );
}

/** True when the catalogue sells this exact variant (a bundle is not a variant of its own). */
export function isVariantOf(product: Product, variant: Omit<Variant, "productId">): boolean {
  if (product.bundle) return false;
  if (product.options.length === 0) {
    return (
      variant.optionType === STANDARD_OPTION && variant.size === NO_SIZE && variant.color === ""
    );
  }
  const option = findOption(product, variant.optionType);
  if (!option?.sizes.includes(variant.size)) return false;
  return option.colors ? option.colors.includes(variant.color) : variant.color === "";
}

/** What the product page shows for the current choice (X-STK-2). */
export interface ChoiceStock {
  soldOutSizes: ReadonlySet<string>;
  soldOutColors: ReadonlySet<string>;
  /** The chosen variant's availability; undefined while the choice is incomplete. */
  availability: Availability | undefined;
  /** Nothing of this product is stocked: everything is made to order. */
  allMadeToOrder: boolean;
}

const isSoldOut = (levels: StockLevels, variant: Variant) => levels[variantKey(variant)] === 0;

export function choiceStock(
  product: Product,
  levels: StockLevels,
  choice: Pick<Selection, "optionType" | "size" | "color" | "customText" | "quantity">,
): ChoiceStock {
  const allMadeToOrder = !variantsOfProduct(product).some(
    (variant) => levels[variantKey(variant)] !== undefined,
  );
  const option = findOption(product, choice.optionType);
  const colors = option?.colors ?? [""];
  const variant = (size: string, color: string): Variant => ({
    productId: product.id,
    optionType: option?.type ?? STANDARD_OPTION,
    size,
    color,
  });
  // A size is sold out in the chosen colour, or in every colour while none is chosen.
  const soldOutSizes = new Set(
    (option?.sizes ?? []).filter((size) =>
      (choice.color && option?.colors ? [choice.color] : colors).every((color) =>
        isSoldOut(levels, variant(size, color)),
      ),
    ),
  );
  const soldOutColors = new Set(
    (option?.colors ?? []).filter((color) =>
      (choice.size ? [choice.size] : option!.sizes).every((size) =>
        isSoldOut(levels, variant(size, color)),
      ),
    ),
  );
  const complete = option
    ? Boolean(choice.size) && (!option.colors || Boolean(choice.color))
    : true;
  const availability = complete
    ? lineAvailability(
        {
          productId: product.id,
          optionType: option?.type ?? STANDARD_OPTION,
          size: option ? choice.size : NO_SIZE,
          color: option?.colors ? choice.color : "",
          customText: choice.customText,
          quantity: choice.quantity,
        },
        levels,
        (id) => (id === product.id ? product : undefined),
      )
    : undefined;
  return { soldOutSizes, soldOutColors, availability, allMadeToOrder };
}
