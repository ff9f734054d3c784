import type { Pence } from "~/pricing/money";
import type { VatRate } from "~/pricing/vat";

export const GROUPS = ["mens", "womens", "kids"] as const;
export type Group = (typeof GROUPS)[number];

/** The garment categories (S-CAT-2, docs/catalogue.md), plus the accessories shelf. */
export const CATEGORIES = [
  "NO-GI",
  "WOMENS-NO-GI",
  "KIDS",
  "GI",
  "WOMENS-GI",
  "KIDS-GI",
  "MENS-LEISUREWEAR",
  "WOMENS-LEISUREWEAR",
  "KIDS-LEISUREWEAR",
  "MENS-MUAY-THAI",
  "WOMENS-MUAY-THAI",
  "KIDS-MUAY-THAI",
] as const;
export type Category = (typeof CATEGORIES)[number] | "ACCESSORIES";

/** An option's kind: free text (X-CAT-1), so a new kind of garment needs no code. */
export type OptionType = string;

export interface ProductOption {
  type: OptionType;
  pricePence: Pence;
  /** The "was" price of a reduced option (a compare-at price, or the price before a sale). */
  compareAtPricePence?: Pence;
  sizes: readonly string[];
  /** The option takes custom text (a name on a gi, a name on the England rashguard). */
  customizable?: boolean;
  /** Extra price for name customisation (gis). */
  customPricePence?: Pence;
  beltRanks?: readonly string[];
  colors?: readonly string[];
  /** X-VAT-1: sizes of a zero-rated product above HMRC's limits, sold at the standard rate. */
  standardRatedSizes?: readonly string[];
  /** Set while a running sale reduces this option: when the sale ends (epoch ms), if it has an
   *  end (issue 55: Google's priceValidUntil). */
  saleEndsAt?: number;
}

/** What is drawn: the garment (or accessory) shape. */
export type GarmentKind =
  | "no-gi-set"
  | "gi"
  | "sliders"
  | "hoodie"
  | "thai-shorts"
  | "gym-bag"
  | "mouth-guard"
  | "journal"
  | "water-bottle"
  | "knee-pads"
  | "patches"
  | "wash-kit"
  | "equipment-bag";

export type DesignId =
  "england" | "boro-beast" | "ranked-gorilla" | "lets-wrestle" | "redcar-bjj" | "grip-truth";

export type ImageView = "front" | "back" | "detail" | "top";
/** Degrees a picture is turned when shown (S-CAT-4; the catalogue itself uses 0 or -90). */
export type ImageRotation = 0 | -90 | 90 | 180;

export interface ProductImage {
  view: ImageView;
  src: string;
  alt: string;
  rotation: ImageRotation;
}

/** One file of a product photo: its address and size (X-PHOTO-2). */
export interface PhotoSource {
  url: string;
  width: number;
  height: number;
}

/** The owner's photo of a product, ready to show (X-PHOTO-3): AVIF and WebP by width. */
export interface ProductPhoto {
  id: string;
  alt: string;
  /** The colour it shows; null: any. */
  color: string | null;
  width: number;
  height: number;
  /** Narrowest first. */
  avif: readonly PhotoSource[];
  webp: readonly PhotoSource[];
  /** Small JPEGs for e-mails (160 and 320 px); absent on photos made before they existed. */
  jpeg?: readonly PhotoSource[];
  /** A tiny blurred WebP as a data: URL, shown while the photo loads. */
  placeholder: string | null;
}

export const ACCESSORY_CATEGORIES = [
  "Training Gear",
  "Protection",
  "Bags & Storage",
  "Lifestyle",
] as const;
export type AccessoryCategory = (typeof ACCESSORY_CATEGORIES)[number];

/** draft: the owner's only; active: on sale; archived: gone from the shop, kept for old orders. */
export type ProductStatus = "draft" | "active" | "archived";

export interface Product {
  /** The slug, used in /product/:productId. */
  id: string;
  name: string;
  status: ProductStatus;
  group: Group | null;
  category: Category;
  kind: GarmentKind;
  design: DesignId;
  pricePence: Pence;
  /** The compare-at ("was") price: set on a reduced product, or by a running sale. */
  originalPricePence?: Pence;
  description: string;
  highlights: readonly string[];
  images: readonly ProductImage[];
  /** The owner's photos, in order; shown before (instead of) the drawings when there are any. */
  photos?: readonly ProductPhoto[];
  options: readonly ProductOption[];
  accessoryCategory?: AccessoryCategory;
  /** Colour a drawing uses for colour-variant products (hoodies, Thai shorts). */
  artColor?: string;
  /**
   * Set on a bundle: a product made of other products, sold as one Standard / N/A line at the
   * items' prices less the percentage. Its stock is the stock of its items.
   */
  bundle?: { productIds: readonly string[]; discountPercent: number };
  seoTitle?: string;
  seoDescription?: string;
  /** X-VAT-1: standard (20%) or zero (young children's clothing and footwear, Notice 714). */
  vatRate: VatRate;
  /** The owner's SKUs, GTINs and MPNs of its variants (issue 55; catalogue/variants.ts). */
  variantIds?: readonly VariantIdentifiers[];
  /** When the product was last changed (epoch ms), for the sitemap's lastmod. */
  updatedAt?: number;
}

/** One tile under the home page's new arrivals (X-OWN-4): the owner's words, link and picture. */
export interface HomeTile {
  eyebrow: string;
  title: string;
  text: string;
  /** The button's words and where it goes (a path of the shop, "/mens"). */
  cta: string;
  link: string;
  /** The product whose first picture shows on the tile; null: no picture. */
  productId: string | null;
  tone: "dark" | "accent" | "light";
}

/** Every block of the home page besides the banner, heading and text (X-OWN-4). */
export interface HomeBlocks {
  heroCta: string;
  heroLink: string;
  /** Up to two products whose first pictures show beside the heading. */
  heroProductIds: string[];
  tiles: HomeTile[];
}

/** The owner's words on the storefront (X-CAT-5) and the home page's blocks (X-OWN-4). */
export interface SiteContent {
  bannerText: string;
  heroHeading: string;
  heroText: string;
  home: HomeBlocks;
}

/** An automatic sale (X-CAT-5): a percentage off every full-price line while it runs. */
export interface Promotion {
  id: string;
  name: string;
  percent: number;
  /** Epoch ms; absent: from now / until stopped. */
  startsAt?: number;
  endsAt?: number;
}

/** The owner's identifiers of one variant, as stored (`product_variants`). */
export interface VariantIdentifiers {
  optionType: string;
  size: string;
  /** '' when the option has no colours. */
  color: string;
  sku: string | null;
  gtin: string | null;
  mpn: string | null;
}
