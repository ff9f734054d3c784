import { bundlePricePence } from "~/pricing/money";
import { productImages, slugify } from "./garments";
import {
  ACCESSORY_CATEGORIES,
  type AccessoryCategory,
  type GarmentKind,
  type Product,
} from "../types";

interface AccessoryInput {
  name: string;
  pricePence: number;
  accessoryCategory: AccessoryCategory;
  kind: GarmentKind;
  description: string;
  look: string;
}

/** The eight accessories (S-ACC-3, docs/catalogue.md): no options, so they go in the cart as
 *  Standard / N/A. */
const ACCESSORY_INPUTS: AccessoryInput[] = [
  {
    name: "Premium Gym Bag",
    pricePence: 7999,
    accessoryCategory: "Bags & Storage",
    kind: "gym-bag",
    description:
      "A 50-litre holdall with a ventilated wet-kit pocket, padded shoulder strap and a separate shoe compartment: room for two gis and a week of rashguards.",
    look: "black holdall with a red Grip Truth panel",
  },
  {
    name: "Mouth Guard Set",
    pricePence: 1999,
    accessoryCategory: "Protection",
    kind: "mouth-guard",
    description:
      "Two boil-and-bite mouth guards (clear and red) with a vented carry case. Mould them at home for a snug fit.",
    look: "a clear and a red mouth guard with a vented case",
  },
  {
    name: "Training Journal",
    pricePence: 1499,
    accessoryCategory: "Lifestyle",
    kind: "journal",
    description:
      "A hardback A5 journal with pages laid out for techniques, rounds, notes from class and competition goals.",
    look: "black hardback journal with a red elastic strap",
  },
  {
    name: "Water Bottle",
    pricePence: 1299,
    accessoryCategory: "Lifestyle",
    kind: "water-bottle",
    description:
      "A 750 ml insulated steel bottle that keeps water cold through a two-hour open mat. Leak-proof lid.",
    look: "matte black steel bottle with the Grip Truth wordmark",
  },
  {
    name: "Knee Pads",
    pricePence: 2499,
    accessoryCategory: "Protection",
    kind: "knee-pads",
    description:
      "Low-profile compression knee pads with a thin foam insert: protection for wrestling-up and knee-slides without the bulk.",
    look: "a pair of black compression knee pads",
  },
  {
    name: "BJJ Patches Set",
    pricePence: 999,
    accessoryCategory: "Lifestyle",
    kind: "patches",
    description:
      "Five embroidered iron-on patches for your gi or bag: the Grip Truth wordmark, the gorilla, the England cross, the Boro beast and the Redcar wave.",
    look: "five embroidered patches",
  },
  {
    name: "Gear Wash Kit",
    pricePence: 1899,
    accessoryCategory: "Training Gear",
    kind: "wash-kit",
    description:
      "Sport wash, odour spray and a mesh wash bag: keep gis and rashguards fresh and stop bacteria building up in the fibres.",
    look: "a sport wash bottle, a spray and a mesh bag",
  },
  {
    name: "Equipment Bag",
    pricePence: 3499,
    accessoryCategory: "Bags & Storage",
    kind: "equipment-bag",
    description:
      "A drawstring mesh bag for gloves, shin guards and wet kit, so everything dries on the way home.",
    look: "a black mesh drawstring bag",
  },
];

export const ACCESSORIES: readonly Product[] = ACCESSORY_INPUTS.map((input) => {
  const id = slugify(input.name);
  return {
    id,
    name: input.name,
    status: "active",
    group: null,
    category: "ACCESSORIES",
    kind: input.kind,
    design: "grip-truth",
    pricePence: input.pricePence,
    description: input.description,
    highlights: [],
    accessoryCategory: input.accessoryCategory,
    images: productImages(id, input.name, ["front", "detail"], () => input.look),
    options: [],
    // X-VAT-1: accessories are not clothing or footwear (VAT Notice 714): standard-rated.
    vatRate: "standard",
  };
});

/**
 * The four category tiles with how many accessories each holds. S-ACC-1 gives fixed figures
 * (12, 8, 6, 15) for a wider range than the eight sold here; a tile that filters the list must
 * count what the list will show, so the counts are the real ones (README, differences).
 */
export const ACCESSORY_TILES: readonly { category: AccessoryCategory; count: number }[] =
  ACCESSORY_CATEGORIES.map((category) => ({
    category,
    count: ACCESSORIES.filter((a) => a.accessoryCategory === category).length,
  }));

const BUNDLE_ITEM_IDS = [
  "premium-gym-bag",
  "mouth-guard-set",
  "knee-pads",
  "water-bottle",
  "gear-wash-kit",
] as const;
const BUNDLE_DISCOUNT_PERCENT = 20;

function accessory(id: string): Product {
  const product = ACCESSORIES.find((p) => p.id === id);
  if (!product) throw new Error(`The training bundle names an unknown product: ${id}`);
  return product;
}

/**
 * The Complete Training Bundle (S-ACC-4): a product made of five accessories, 20% off. Sold on
 * /accessories (not a product page of its own), so it is not in PRODUCTS; findSellable finds it.
 */
export const TRAINING_BUNDLE: Product & { bundle: NonNullable<Product["bundle"]> } = {
  id: "complete-training-bundle",
  name: "Complete Training Bundle",
  vatRate: "standard",
  status: "active",
  group: null,
  category: "ACCESSORIES",
  kind: "gym-bag",
  design: "grip-truth",
  pricePence: bundlePricePence(
    BUNDLE_ITEM_IDS.map((id) => accessory(id).pricePence),
    BUNDLE_DISCOUNT_PERCENT,
  ),
  description: "Bag, protection, bottle and kit care in one go.",
  highlights: [],
  accessoryCategory: "Bags & Storage",
  images: accessory(BUNDLE_ITEM_IDS[0]).images,
  options: [],
  bundle: { productIds: BUNDLE_ITEM_IDS, discountPercent: BUNDLE_DISCOUNT_PERCENT },
};
