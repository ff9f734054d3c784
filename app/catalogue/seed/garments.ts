import { POLICY } from "~/policy/policy";
import { GI_NAME_PRICE_PENCE } from "../figures";
import { formatPence } from "~/pricing/money";
import { pictureSrc } from "../art/pictures";
import { DESIGNS, NO_GI_DESIGNS } from "../designs";
import * as sizes from "../sizes";
import type {
  Category,
  DesignId,
  GarmentKind,
  Group,
  ImageRotation,
  ImageView,
  Product,
  ProductImage,
  ProductOption,
} from "../types";

/** Prices in pence, per group (S-CAT-6; the table in docs/catalogue.md). */
const ADULT_PRICES = {
  rashguard: 3499,
  shorts: 2999,
  set: 2999,
  setWas: 4499,
  gi: 7499,
  sliders: 2499,
  slidersWas: 3499,
  hoodie: 2499,
  thaiShorts: 2999,
} as const;

const PRICES = {
  mens: ADULT_PRICES,
  womens: ADULT_PRICES,
  kids: {
    rashguard: 2799,
    shorts: 2499,
    set: 2499,
    setWas: 3999,
    gi: 4999,
    sliders: 1999,
    slidersWas: 2999,
    hoodie: 2499,
    thaiShorts: 2499,
  },
} as const;

export { GI_NAME_PRICE_PENCE };

const GROUP_LABEL: Record<Group, string> = { mens: "Mens", womens: "Womens", kids: "Kids" };
const GROUP_WORDS: Record<Group, string> = {
  mens: "men's",
  womens: "women's",
  kids: "kids'",
};

const CATEGORY: Record<Group, Record<"noGi" | "gi" | "leisure" | "thai", Category>> = {
  mens: { noGi: "NO-GI", gi: "GI", leisure: "MENS-LEISUREWEAR", thai: "MENS-MUAY-THAI" },
  womens: {
    noGi: "WOMENS-NO-GI",
    gi: "WOMENS-GI",
    leisure: "WOMENS-LEISUREWEAR",
    thai: "WOMENS-MUAY-THAI",
  },
  kids: { noGi: "KIDS", gi: "KIDS-GI", leisure: "KIDS-LEISUREWEAR", thai: "KIDS-MUAY-THAI" },
};

const NO_GI_SIZES: Record<Group, readonly string[]> = {
  mens: sizes.ADULT_LETTER_SIZES,
  womens: sizes.WOMENS_NO_GI_SIZES,
  kids: sizes.KIDS_NO_GI_SIZES,
};
const GI_SIZES: Record<Group, readonly string[]> = {
  mens: sizes.MENS_GI_SIZES,
  womens: sizes.WOMENS_GI_SIZES,
  kids: sizes.KIDS_GI_SIZES,
};
const SLIDER_SIZES: Record<Group, readonly string[]> = {
  mens: sizes.MENS_SLIDER_SIZES,
  womens: sizes.WOMENS_SLIDER_SIZES,
  kids: sizes.KIDS_SLIDER_SIZES,
};

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const VIEW_WORDS: Record<ImageView, string> = {
  front: "front view",
  back: "back view",
  detail: "close-up detail",
  top: "view from above",
};

export function productImages(
  id: string,
  name: string,
  views: readonly (ImageView | [ImageView, ImageRotation])[],
  describe: (view: ImageView) => string,
): ProductImage[] {
  return views.map((entry) => {
    const [view, rotation] = typeof entry === "string" ? [entry, 0 as const] : entry;
    return {
      view,
      rotation,
      src: pictureSrc(id, view),
      alt: `${name}, ${VIEW_WORDS[view]}: ${describe(view)}`,
    };
  });
}

interface GarmentInput {
  group: Group;
  name: string;
  category: Category;
  kind: GarmentKind;
  design: DesignId;
  pricePence: number;
  originalPricePence?: number;
  description: string;
  highlights: string[];
  views: readonly (ImageView | [ImageView, ImageRotation])[];
  describe: (view: ImageView) => string;
  options: ProductOption[];
  artColor?: string;
}

function garment(input: GarmentInput): Product {
  const id = slugify(input.name);
  const { views, describe, ...rest } = input;
  return {
    ...rest,
    id,
    status: "active",
    images: productImages(id, input.name, views, describe),
    // X-VAT-1: the kids' range is young children's clothing and footwear (VAT Notice 714).
    vatRate: input.group === "kids" ? "zero" : "standard",
  };
}

function noGiSet(group: Group, design: DesignId): Product {
  const d = DESIGNS[design];
  const p = PRICES[group];
  const rashguard: ProductOption = {
    type: "Rashguard",
    pricePence: p.rashguard,
    sizes: NO_GI_SIZES[group],
  };
  if (design === "england") rashguard.customizable = true;
  if (design === "ranked-gorilla") {
    rashguard.beltRanks = group === "kids" ? sizes.KIDS_BELT_RANKS : sizes.ADULT_BELT_RANKS;
  }
  return garment({
    group,
    name: `${GROUP_LABEL[group]} ${d.name} No-Gi Set`,
    category: CATEGORY[group].noGi,
    kind: "no-gi-set",
    design,
    pricePence: p.set,
    originalPricePence: p.setWas,
    description: `${d.story} The ${GROUP_WORDS[group]} set pairs a long-sleeve compression rashguard with matching grappling shorts; buy them together or on their own.`,
    highlights: [
      "Four-way stretch fabric with flatlock seams that won't rub on the mat",
      "Sublimated print: the design is dyed into the fabric, so it won't crack or peel",
      design === "ranked-gorilla"
        ? "Choose the sleeve stripe in your belt colour"
        : design === "england"
          ? "Add your name to the rashguard (up to 20 characters)"
          : "Shorts with a split hem, drawcord waist and no pockets to catch toes",
      "IBJJF-friendly cut for no-gi competition",
    ],
    views: ["front", "back", "detail"],
    describe: (view) =>
      view === "detail"
        ? `matching grappling shorts with ${d.motif}`
        : `long-sleeve rashguard with ${d.motif}`,
    options: [rashguard, { type: "Shorts", pricePence: p.shorts, sizes: NO_GI_SIZES[group] }],
  });
}

function gi(group: Group): Product {
  const p = PRICES[group];
  return garment({
    group,
    name: `${GROUP_LABEL[group]} Grip Truth BJJ Gi`,
    category: CATEGORY[group].gi,
    kind: "gi",
    design: "grip-truth",
    pricePence: p.gi,
    description: `A ${GROUP_WORDS[group]} pearl-weave competition gi in white with red contrast stitching, a reinforced collar and ripstop trousers. Add a name embroidered on the lapel for ${formatPence(GI_NAME_PRICE_PENCE)}.`,
    highlights: [
      "450 gsm pearl weave jacket, 10 oz ripstop trousers",
      "EVA-foam collar, reinforced armpits and knees",
      `Pre-shrunk; made to order in ${POLICY.madeToOrder}`,
      `Name embroidery on the lapel, up to 20 characters (+${formatPence(GI_NAME_PRICE_PENCE)})`,
    ],
    views: ["front", "back", "detail"],
    describe: (view) =>
      view === "back"
        ? "white gi jacket with the Grip Truth back patch"
        : view === "detail"
          ? "embroidered name on the lapel with red stitching"
          : "white pearl-weave gi with red contrast stitching",
    options: [
      {
        type: "Gi",
        pricePence: p.gi,
        sizes: GI_SIZES[group],
        customizable: true,
        customPricePence: GI_NAME_PRICE_PENCE,
      },
    ],
  });
}

function sliders(group: Group): Product {
  const p = PRICES[group];
  return garment({
    group,
    name: `${GROUP_LABEL[group]} Grip Truth Sliders`,
    category: CATEGORY[group].leisure,
    kind: "sliders",
    design: "grip-truth",
    pricePence: p.sliders,
    originalPricePence: p.slidersWas,
    description: `Soft-footbed ${GROUP_WORDS[group]} sliders in black with the red Grip Truth mark: slip them on between the mat and the car park. UK sizes.`,
    highlights: [
      "Cushioned, contoured footbed",
      "Grippy sole for wet changing-room floors",
      "Wipe-clean strap with a moulded logo",
    ],
    views: ["front", ["top", -90], "detail"],
    describe: (view) =>
      view === "detail"
        ? "moulded Grip Truth logo on the strap"
        : "black sliders with a red Grip Truth strap",
    options: [{ type: "Sliders", pricePence: p.sliders, sizes: SLIDER_SIZES[group] }],
  });
}

function hoodie(group: Group): Product {
  const p = PRICES[group];
  return garment({
    group,
    name: `${GROUP_LABEL[group]} Grip Truth Hoodie`,
    category: CATEGORY[group].leisure,
    kind: "hoodie",
    design: "grip-truth",
    pricePence: p.hoodie,
    description: `A heavyweight ${GROUP_WORDS[group]} hoodie with "The Grip Is The Truth" across the back. In grey or black.`,
    highlights: ["Brushed-back 330 gsm cotton blend", "Kangaroo pocket", "Grey or black"],
    views: ["front", "back"],
    describe: (view) =>
      view === "back"
        ? "grey hoodie with “The Grip Is The Truth” across the back"
        : "grey hoodie with the Grip Truth chest mark",
    options: [
      {
        type: "Hoodies",
        pricePence: p.hoodie,
        sizes: sizes.HOODIE_SIZES,
        colors: sizes.HOODIE_COLORS,
      },
    ],
    artColor: "#8a8d91",
  });
}

function thaiShorts(group: Group): Product {
  const p = PRICES[group];
  return garment({
    group,
    name: `${GROUP_LABEL[group]} Grip N Trip Thai Shorts`,
    category: CATEGORY[group].thai,
    kind: "thai-shorts",
    design: "grip-truth",
    pricePence: p.thaiShorts,
    description: `Traditional-cut ${GROUP_WORDS[group]} Muay Thai shorts in satin with a wide elastic waistband and side splits for high kicks. In purple, red or grey.`,
    highlights: [
      "Satin finish, wide elastic waistband",
      "Side splits for full kicking range",
      "Purple, red or grey",
    ],
    views: ["front", "back", "detail"],
    describe: (view) =>
      view === "detail"
        ? "embroidered Grip N Trip waistband"
        : "purple satin Thai shorts with a gold waistband",
    options: [
      {
        type: "Thai Shorts",
        pricePence: p.thaiShorts,
        sizes: sizes.THAI_SHORTS_SIZES,
        colors: sizes.THAI_SHORTS_COLORS,
      },
    ],
    artColor: "#5b2a86",
  });
}

export function groupProducts(group: Group): Product[] {
  return [
    ...NO_GI_DESIGNS.map((design) => noGiSet(group, design)),
    gi(group),
    sliders(group),
    hoodie(group),
    thaiShorts(group),
  ];
}
