import { GI_NAME_PRICE_PENCE } from "~/catalogue/figures";
import { formatPence } from "~/pricing/money";
import { POLICY, type SettingsPolicy } from "~/policy/policy";

export interface FaqItem {
  /** Stable, URL-safe: used for the button and panel ids. */
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: readonly string[];
  /** Where to read more on the shop, shown after the answer. */
  link?: { to: string; label: string };
}

/** The ten FAQ questions (S-INFO-1), with the figures the owner's settings make (X-TRUE-2). */
export function faqItems(policy: SettingsPolicy): readonly FaqItem[] {
  return [
    {
      id: "sizing",
      question: "How do I choose my size?",
      answer: [
        "Measure yourself and compare with the chart for the garment: rashguards by chest, shorts by waist and hip, gis by height and weight. Our size guide has every size we sell, in centimetres.",
        "Rashguards are a compression fit. If you are between sizes, or you like a looser fit, go up one size.",
      ],
      link: { to: "/size-guide", label: "Open the size guide" },
    },
    {
      id: "gi-shrinkage",
      question: "Will my gi shrink?",
      answer: [
        "Our gis are pre-shrunk, but cotton pearl weave still tightens a little in its first few washes: expect up to about 3% (2 to 3 cm in the sleeves and trouser legs) if you wash it hot or tumble dry it.",
        "Wash it cold at 30°C and hang it to dry and it will keep its size. If you sit at the top of a size range, the L (long) size gives you extra length in the sleeves and legs.",
      ],
      link: { to: "/size-guide#mens", label: "See the gi size charts" },
    },
    {
      id: "made-to-order",
      question: "How long do made-to-order items take?",
      answer: [
        `Made-to-order and personalised items, including gis with a name on them, take ${POLICY.madeToOrder} to make before they are dispatched. In-stock items are dispatched within ${POLICY.inStockDispatch}.`,
        "If you order both, we send everything together when the made-to-order item is ready, unless you ask us to split the parcel.",
      ],
      link: { to: "/shipping", label: "Read our production and delivery times" },
    },
    {
      id: "customisation",
      question: "Can I put my name on a gi or rashguard?",
      answer: [
        `Yes. Tick the name option on any gi and type up to 20 characters: it is embroidered on the lapel for ${formatPence(GI_NAME_PRICE_PENCE)}. The England rashguard also takes a name of up to 20 characters.`,
        "We print exactly what you type, so check the spelling and capitals before you add it to your cart.",
      ],
    },
    {
      id: "delivery",
      question: "How much is delivery and how long does it take?",
      answer: [
        `UK standard delivery takes ${policy.ukStandard} after dispatch and express ${policy.ukExpress}. Our checkout adds ${policy.ukStandardCost} for UK standard delivery, or ${policy.ukExpressCost} for express, and shows the total before you pay.`,
        `${policy.freeShippingOver ? `UK standard delivery is free when your items come to ${policy.freeShippingOver} or more after any discount. ` : ""}International delivery takes ${policy.international} and costs ${policy.internationalCost}; choose it at checkout.`,
      ],
      link: { to: "/delivery", label: "Read the delivery policy" },
    },
    {
      id: "custom-returns",
      question: "Can I return a personalised or custom item?",
      answer: [
        "Items made with your name or your academy's design are made for you alone, so they can't be returned or exchanged for a change of mind or a wrong size. Please check the size guide before ordering.",
        `If a custom item arrives faulty, or with a mistake we made, tell us within ${POLICY.faultReportDays} days of delivery and we will remake or refund it.`,
      ],
      link: { to: "/returns", label: "Read the returns policy" },
    },
    {
      id: "team-orders",
      question: "Do you make kit for academies and teams?",
      answer: [
        `Yes: rashguards, shorts, gis and hoodies in your academy's colours and logo, from ${POLICY.teamMinimumPieces} pieces per design with sizes mixed as you need. We send a digital mock-up first, and production takes ${POLICY.madeToOrder} once you approve it.`,
        `Book a call through our social pages or e-mail ${policy.email}; we reply within ${POLICY.enquiryReply}.`,
      ],
      link: { to: "/customisation", label: "How custom academy gear works" },
    },
    {
      id: "washing",
      question: "How should I wash my gear?",
      answer: [
        "Wash after every session, inside out, at 30°C with a mild detergent and no fabric softener (it clogs technical fabrics and holds on to smells). Hang everything to dry, away from direct heat.",
        "Never tumble dry or iron over the printed designs. Don't leave damp kit in your bag: wash it the same day.",
      ],
    },
    {
      id: "kids-sizes",
      question: "What size should I buy for my child?",
      answer: [
        "Kids no-gi kit runs from 6Y to 14Y and kids gis from M0000 to M4. Age is only a guide: measure your child's height and chest (and weight for a gi) and use the kids chart.",
        "Children grow fast, so if they are between two sizes we suggest going up one. You can download the kids chart to print.",
      ],
      link: { to: "/size-guide#kids", label: "See the kids size chart" },
    },
    {
      id: "discount-codes",
      question: "How do discount codes work?",
      answer: [
        "Enter your code in the discount box at checkout and press apply before you pay. Codes are not case-sensitive, one code can be used per order, and the discount comes off the price of your items, not delivery.",
        "We share codes with our partner academies and on our Instagram, so follow us to hear about the next one.",
      ],
    },
  ];
}

/**
 * One panel open at a time: opening another closes the first, and clicking the open one
 * closes it (S-INFO-1).
 */
export function nextOpenIndex(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked;
}
