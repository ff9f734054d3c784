import { describe, expect, expectTypeOf, it } from "vitest";
import type { CartLine, NewCartLine } from "~/cart/cart";
import type { Selection } from "~/catalogue/options";
import { checkoutRequestSchema } from "~/flows/checkout/request";
import { type GiftCardField, type LineChoice, lineChoiceSchema } from "./line-choice";
import {
  CUSTOM_TEXT_MAX,
  LINE_CHOICE_MAX,
  CART_LINES_MESSAGE,
  CUSTOM_TEXT_MESSAGE,
  QUANTITY_MAX_MESSAGE,
  QUANTITY_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from "./limits";

const bottle = { productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 1 };
const issue = (input: unknown) => lineChoiceSchema.safeParse(input).error?.issues[0]?.message;

describe("X-ARCH-3: one line-choice schema", () => {
  it("X-ARCH-3: trims text, and an empty or null optional field is absent", () => {
    expect(
      lineChoiceSchema.parse({
        ...bottle,
        productId: " water-bottle ",
        beltRank: "",
        color: null,
        customText: "  MAYA ",
        nameCustomisation: null,
      }),
    ).toEqual({ ...bottle, customText: "MAYA" });
  });

  it("X-ARCH-3: quantity from 1 to MAX_LINE_QUANTITY, in the cart's words", () => {
    expect(lineChoiceSchema.parse({ ...bottle, quantity: MAX_LINE_QUANTITY }).quantity).toBe(
      MAX_LINE_QUANTITY,
    );
    expect(issue({ ...bottle, quantity: MAX_LINE_QUANTITY + 1 })).toBe(QUANTITY_MAX_MESSAGE);
    expect(issue({ ...bottle, quantity: 0 })).toBe(QUANTITY_MESSAGE);
    expect(issue({ ...bottle, quantity: 1.5 })).toBe(QUANTITY_MESSAGE);
  });

  it("X-ARCH-3: custom text counts characters as a person does, after trimming", () => {
    const emoji = "😀".repeat(CUSTOM_TEXT_MAX);
    expect(lineChoiceSchema.parse({ ...bottle, customText: ` ${emoji} ` }).customText).toBe(emoji);
    expect(issue({ ...bottle, customText: `${emoji}x` })).toBe(CUSTOM_TEXT_MESSAGE);
  });

  it("X-ARCH-3: field lengths come from LINE_CHOICE_MAX", () => {
    for (const field of ["productId", "optionType", "size", "beltRank", "color"] as const) {
      const max = LINE_CHOICE_MAX[field];
      expect(lineChoiceSchema.safeParse({ ...bottle, [field]: "x".repeat(max) }).success).toBe(
        true,
      );
      expect(lineChoiceSchema.safeParse({ ...bottle, [field]: "x".repeat(max + 1) }).success).toBe(
        false,
      );
    }
  });

  it("X-ARCH-3: the checkout request is a list of line choices, at most MAX_CART_LINES", () => {
    const cartItems = Array.from({ length: MAX_CART_LINES }, () => bottle);
    expect(checkoutRequestSchema.safeParse({ cartItems }).success).toBe(true);
    expect(
      checkoutRequestSchema.safeParse({ cartItems: [...cartItems, bottle] }).error?.issues[0]
        ?.message,
    ).toBe(CART_LINES_MESSAGE);
  });

  it("X-ARCH-3: the cart's lines and the product page's selection are built on the one type", () => {
    expectTypeOf<NewCartLine>().toEqualTypeOf<LineChoice>();
    expectTypeOf<CartLine>().toExtend<LineChoice>();
    // A team line's store and name come from the team page, not the product page (X-TEAM-2).
    expectTypeOf<Selection>().toEqualTypeOf<
      Required<Omit<LineChoice, "productId" | "team" | "printName" | GiftCardField>>
    >();
  });
});
