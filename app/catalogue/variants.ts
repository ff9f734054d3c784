import { NO_SIZE, STANDARD_OPTION } from "./options";
import type { Product, ProductOption, VariantIdentifiers } from "./types";

export type { VariantIdentifiers };

/**
 * A product's variants as Google and the owner name them (issue 55): one per option × size ×
 * colour a customer can buy, the same variants stock counts (X-STK-1). Each has a SKU: the
 * owner's own when set, else one made from the product's id and the variant's names, so it stays
 * the same from one day to the next (until the owner renames the option, size or colour).
 */

export interface CatalogueVariant {
  optionType: string;
  size: string;
  color: string;
  /** The option sold (undefined for a product without options: the standard one). */
  option: ProductOption | undefined;
  sku: string;
  /** The owner set the SKU (else it is the shop's own). */
  ownSku: boolean;
  gtin: string | null;
  mpn: string | null;
}

/** Google's limit on an item's id, which the SKU is in the feed. */
export const SKU_MAX = 50;
/** What an owner's SKU may hold: letters, digits and . _ / -, up to 50, starting with a letter or
 *  digit (the database's check says the same). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,49}$/;
/** A GTIN: the barcode's 8, 12, 13 or 14 digits. */
export const GTIN_PATTERN = /^(\d{8}|\d{12,14})$/;
export const MPN_MAX = 70;

export const VARIANT_ID_MESSAGES = {
  sku: `A SKU is 1 to ${SKU_MAX} letters, digits, dots, dashes, underscores or slashes, starting with a letter or digit.`,
  skuTaken: "Another variant already has this SKU.",
  gtin: "A GTIN is the barcode's 8, 12, 13 or 14 digits.",
  gtinCheck:
    "This GTIN's last digit does not match its check digit: please copy it again from the barcode.",
  mpn: `An MPN is at most ${MPN_MAX} characters.`,
} as const;

/** Whether a GTIN's last digit is its check digit (GS1's modulo 10). */
export function gtinCheckDigitOk(gtin: string): boolean {
  if (!GTIN_PATTERN.test(gtin)) return false;
  const digits = [...gtin].map(Number);
  const check = digits.pop()!;
  const sum = digits
    .reverse()
    .reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** The key of a variant within its product. */
export function variantIdKey(optionType: string, size: string, color: string): string {
  return [optionType, size, color].join("\u0000");
}

const part = (text: string) =>
  text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** A short, steady hash of a text (FNV-1a, 32 bits) as 8 hex digits. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * The SKU the shop makes for a variant the owner has not named: "MENS-STORM-RASHGUARD-M-BLACK"
 * (the standard option and "N/A" are left out). One longer than 50 keeps its first 41 characters
 * and a hash of the whole, so two variants never share one.
 */
export function defaultVariantSku(
  productId: string,
  optionType: string,
  size: string,
  color: string,
): string {
  const parts = [
    part(productId),
    optionType === STANDARD_OPTION ? "" : part(optionType),
    size === NO_SIZE ? "" : part(size),
    part(color),
  ].filter(Boolean);
  const whole = parts.join("-");
  if (whole.length <= SKU_MAX) return whole;
  return `${whole.slice(0, SKU_MAX - 9).replace(/-+$/, "")}-${shortHash([productId, optionType, size, color].join("|")).toUpperCase()}`;
}

/** Every variant of a product a customer can buy, with its identifiers; none for a bundle. */
export function variantsOf(product: Product): CatalogueVariant[] {
  if (product.bundle) return [];
  const stored = new Map(
    (product.variantIds ?? []).map((ids) => [
      variantIdKey(ids.optionType, ids.size, ids.color),
      ids,
    ]),
  );
  const make = (
    option: ProductOption | undefined,
    optionType: string,
    size: string,
    color: string,
  ) => {
    const ids = stored.get(variantIdKey(optionType, size, color));
    return {
      optionType,
      size,
      color,
      option,
      sku: ids?.sku ?? defaultVariantSku(product.id, optionType, size, color),
      ownSku: Boolean(ids?.sku),
      gtin: ids?.gtin ?? null,
      mpn: ids?.mpn ?? null,
    };
  };
  if (product.options.length === 0) return [make(undefined, STANDARD_OPTION, NO_SIZE, "")];
  return product.options.flatMap((option) =>
    option.sizes.flatMap((size) =>
      (option.colors?.length ? option.colors : [""]).map((color) =>
        make(option, option.type, size, color),
      ),
    ),
  );
}
