import { NO_SIZE, STANDARD_OPTION } from "~/pricing/standard";
import type { GiftCardField, LineChoice, LineChoiceOrNull } from "~/shared/line-choice";
import { CUSTOM_TEXT_MAX, CUSTOM_TEXT_MESSAGE } from "~/shared/cart-limits";
import { embroideryProblem } from "~/shared/embroidery";
import type { OptionType, Product, ProductOption } from "./types";

/** A product without options goes in the cart as this (S-PDP-7); pricing owns the name. */
export { NO_SIZE, STANDARD_OPTION };

export const SELECTION_MESSAGES = {
  size: "Please select a size.",
  beltRank: "Please select a belt rank.",
  color: "Please select a color.",
  /** Not in the spec: a ticked name customisation costs £10, so it needs a name. */
  name: "Please enter the name for the lapel.",
} as const;

/**
 * The option type the product page starts on (S-PDP-2): from the name (Sliders, Hoodies, Gi,
 * otherwise Rashguard), or the product's first option when it has no option of that type.
 */
export function defaultOptionType(product: Product): OptionType | undefined {
  const name = product.name;
  const wanted: OptionType = /\bsliders?\b/i.test(name)
    ? "Sliders"
    : /\bhoodies?\b/i.test(name)
      ? "Hoodies"
      : /(?<!no-)\bgi\b/i.test(name)
        ? "Gi"
        : "Rashguard";
  return (product.options.find((o) => o.type === wanted) ?? product.options[0])?.type;
}

export function findOption(product: Product, type: string): ProductOption | undefined {
  return product.options.find((o) => o.type === type);
}

/** What the customer chose on the product page: the line's choice, "" for nothing chosen yet. */
export type Selection = Required<
  Omit<LineChoice, "productId" | "team" | "printName" | GiftCardField>
>;

export function initialSelection(product: Product): Selection {
  return {
    optionType: defaultOptionType(product) ?? STANDARD_OPTION,
    size: "",
    beltRank: "",
    color: "",
    nameCustomisation: false,
    customText: "",
    quantity: 1,
  };
}

/** Changing the option type clears size, belt rank and colour (S-PDP-3). */
export function changeOptionType(selection: Selection, optionType: string): Selection {
  return { ...selection, optionType, size: "", beltRank: "", color: "" };
}

/** Unticking name customisation clears the text (S-PDP-5). */
export function setNameCustomisation(selection: Selection, on: boolean): Selection {
  return { ...selection, nameCustomisation: on, customText: on ? selection.customText : "" };
}

/** Custom text has at most 20 characters once trimmed, counting letters not bytes (S-PDP-5);
 *  longer text is refused with "Up to 20 characters.", never cut (issue 24 item 12). */
export function customTextTooLong(text: string): boolean {
  return Array.from(text.trim()).length > CUSTOM_TEXT_MAX;
}

/** The first problem with a selection in the spec's words (S-PDP-4), or null when it can be added. */
export function selectionProblem(product: Product, selection: Selection): string | null {
  const option = findOption(product, selection.optionType);
  if (!option) return null;
  if (!selection.size) return SELECTION_MESSAGES.size;
  if (option.beltRanks && !selection.beltRank) return SELECTION_MESSAGES.beltRank;
  if (option.colors && !selection.color) return SELECTION_MESSAGES.color;
  if (
    showsCustomText(option, selection.nameCustomisation) &&
    customTextTooLong(selection.customText)
  ) {
    return CUSTOM_TEXT_MESSAGE;
  }
  if (showsCustomText(option, selection.nameCustomisation)) {
    const stitched = embroideryProblem(selection.customText);
    if (stitched) return stitched;
  }
  if (option.customPricePence && selection.nameCustomisation && !selection.customText.trim()) {
    return SELECTION_MESSAGES.name;
  }
  return null;
}

/** The gi's name box shows only when ticked; other customisable options show it always. */
export function showsCustomText(option: ProductOption | undefined, nameCustomisation: boolean) {
  if (!option?.customizable) return false;
  return option.type === "Gi" ? nameCustomisation : true;
}

/** The cart's customText (S-PDP-6): "Belt Rank: X - text", "Color: X - text" or the plain text. */
export function formatCustomText(
  input: Pick<LineChoice, "beltRank" | "color" | "customText">,
): string {
  const text = input.customText?.trim() ?? "";
  const prefix = input.beltRank
    ? `Belt Rank: ${input.beltRank}`
    : input.color
      ? `Color: ${input.color}`
      : "";
  if (!prefix) return text;
  return text ? `${prefix} - ${text}` : prefix;
}

/** One labelled choice of a line, as people read it ("Colour", "White"). */
export interface ChoicePart {
  label:
    | "Option"
    | "Size"
    | "Belt rank"
    | "Colour"
    | "Name for the lapel"
    | "Team text"
    | "Custom text"
    | "Name customisation"
    | "Name to print";
  value: string;
}

type DescribedLine = Pick<
  LineChoiceOrNull,
  "optionType" | "size" | "beltRank" | "color" | "customText" | "nameCustomisation"
> & {
  printName?: string | null;
  /** A team line (the cart's `team`, an order line's `teamSlug`): its text is the team's. */
  team?: string | null;
  teamSlug?: string | null;
};

/**
 * X-DAY-7 (issue 53): a line's choices for people, each with its label, in the one order every
 * place shows them: option, size, belt rank, colour, the customer's (or the team's fixed) text,
 * the member's printed name. The cart, checkout, payment page, e-mails, tracking, returns, the
 * job sheets, the production sheet and the closing summary all describe a line with this, so a
 * colour is "Colour" everywhere and a printed name never runs into it. (The S-PDP-6 string above
 * stays the cart's wire form; people never read it.)
 */
export function choiceParts(line: DescribedLine): ChoicePart[] {
  const parts: ChoicePart[] = [];
  if (line.optionType !== STANDARD_OPTION) parts.push({ label: "Option", value: line.optionType });
  if (line.size !== NO_SIZE) parts.push({ label: "Size", value: line.size });
  if (line.beltRank) parts.push({ label: "Belt rank", value: line.beltRank });
  if (line.color) parts.push({ label: "Colour", value: line.color });
  const text = line.customText?.trim();
  if (text) {
    const label = line.nameCustomisation
      ? "Name for the lapel"
      : line.team || line.teamSlug
        ? "Team text"
        : "Custom text";
    parts.push({ label, value: text });
  } else if (line.nameCustomisation) {
    parts.push({ label: "Name customisation", value: "Yes" });
  }
  // X-TEAM-2: a team member's own name, printed beside the team's text.
  if (line.printName) parts.push({ label: "Name to print", value: line.printName });
  return parts;
}

/** The same parts as short phrases: "Gi", "Size: A1", "Colour: White", "Name to print: J. WALKER". */
export function choiceDetails(line: DescribedLine): string[] {
  return choiceParts(line).map(({ label, value }) =>
    label === "Option" ? value : label === "Name customisation" ? label : `${label}: ${value}`,
  );
}
