import { GI_NAME_PRICE_PENCE } from "~/catalogue/figures";
import { pictureSrc } from "~/catalogue/art/pictures";
import { formatPence } from "~/pricing/money";
import { POLICY } from "~/policy/policy";

/** Custom academy and team gear (S-INFO-1, /customisation). */

export interface CustomisationStep {
  title: string;
  text: string;
}

export const CUSTOMISATION_STEPS: readonly CustomisationStep[] = [
  {
    title: "Tell us what you need",
    text: "Book a call or e-mail us with the garments you want, rough numbers and sizes, your logo files and any date you are working to.",
  },
  {
    title: "Design",
    text: "Our designer turns your logo and ideas into a digital mock-up, usually within a week. Changes are free until you are happy with it.",
  },
  {
    title: "Sample",
    text: "For bigger runs we can make a physical sample first, so you can check the colours and feel the fabric. It adds about a week.",
  },
  {
    title: "Production",
    text: `Once you sign off the design, production takes ${POLICY.madeToOrder}. We keep you updated and give you a dispatch date as soon as we have one.`,
  },
  {
    title: "Delivery",
    text: "Everything arrives in one box at your academy, bagged and labelled by size (and by name, for named gis), ready to hand out.",
  },
];

export const CUSTOMISATION_FACTS: readonly { label: string; value: string }[] = [
  { label: "Minimum order", value: `${POLICY.teamMinimumPieces} pieces per design, sizes mixed` },
  { label: "Lead time", value: `${POLICY.madeToOrder} from sign-off` },
  { label: "Names on gis", value: `Up to 20 characters, ${formatPence(GI_NAME_PRICE_PENCE)} each` },
  { label: "We reply", value: `Within ${POLICY.enquiryReply}` },
];

export interface Partner {
  id: string;
  name: string;
  town: string;
  /** The emblem drawn beside the wordmark. */
  emblem: "wave" | "hex" | "glove" | "knot";
  colour: string;
}

/** Academies we make kit with; their logos are drawn by components/PartnerLogo. */
export const PARTNERS: readonly Partner[] = [
  { id: "redcar-bjj", name: "Redcar BJJ", town: "Redcar", emblem: "wave", colour: "#0f6e73" },
  {
    id: "teesside-grappling",
    name: "Teesside Grappling",
    town: "Stockton-on-Tees",
    emblem: "hex",
    colour: "#0b0b0c",
  },
  {
    id: "boro-muay-thai",
    name: "Boro Muay Thai",
    town: "Middlesbrough",
    emblem: "glove",
    colour: "#c8102e",
  },
  {
    id: "hartlepool-submission-club",
    name: "Hartlepool Submission Club",
    town: "Hartlepool",
    emblem: "knot",
    colour: "#1f4fbf",
  },
];

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** A name from PARTNERS. */
  academy: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "We have had three runs of club rashguards from them now. The mock-up came back in a few days, they sorted our logo colours without any fuss, and the first batch is still going strong after two years of daily training.",
    name: "Dan Whitfield",
    role: "Head coach",
    academy: "Redcar BJJ",
  },
  {
    quote:
      "Our fighters wanted Thai shorts with the gym name on the waistband and the kids wanted hoodies to match. Everything arrived inside five weeks, bagged by size, and the parents keep asking when the next order is.",
    name: "Leanne Carr",
    role: "Owner",
    academy: "Boro Muay Thai",
  },
];

/** The five designs shown on the page, each a men's no-gi set of the catalogue. */
export const CUSTOMISATION_DESIGN_IDS = [
  "mens-england-no-gi-set",
  "mens-boro-beast-no-gi-set",
  "mens-ranked-gorilla-no-gi-set",
  "mens-lets-wrestle-no-gi-set",
  "mens-redcar-bjj-no-gi-set",
] as const;

export function designImageSrc(productId: string): string {
  return pictureSrc(productId, "front");
}
