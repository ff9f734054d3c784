import { describe, expect, it } from "vitest";
import { QUANTITY_MAX_MESSAGE, MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/shared/limits";
import {
  addLine,
  parseStoredCart,
  priceLine,
  removeLine,
  serialiseCart,
  setQuantity,
  totalQuantity,
  type NewCartLine,
} from "./cart";

const gi: NewCartLine = {
  productId: "kids-grip-truth-bjj-gi",
  optionType: "Gi",
  size: "M2",
  customText: "MAYA",
  nameCustomisation: true,
  quantity: 1,
};
const gorilla: NewCartLine = {
  productId: "mens-ranked-gorilla-no-gi-set",
  optionType: "Rashguard",
  size: "L",
  beltRank: "Blue",
  quantity: 2,
};
const bottle: NewCartLine = {
  productId: "water-bottle",
  optionType: "Standard",
  size: "N/A",
  quantity: 1,
};

const priced = (line: NewCartLine) => {
  const result = priceLine(line);
  if (!result.line) throw new Error(`line refused: ${result.problem}`);
  return result.line;
};

describe("cart lines are checked and priced against the catalogue", () => {
  it("keeps the structured choice, the name, the unit price and a picture", () => {
    expect(priced(gi)).toEqual({
      ...gi,
      productName: "Kids Grip Truth BJJ Gi",
      unitPricePence: 5999,
      image: "/images/products/kids-grip-truth-bjj-gi/front.svg",
    });
    expect(priced(bottle).unitPricePence).toBe(1299);
  });

  it("refuses what the catalogue does not offer", () => {
    expect(priceLine({ ...gorilla, productId: "no-such-thing" }).line).toBeUndefined();
    expect(priceLine({ ...gorilla, size: "XXXL" }).line).toBeUndefined();
    expect(priceLine({ ...gorilla, beltRank: "Red" }).line).toBeUndefined();
    expect(priceLine({ ...gorilla, beltRank: undefined }).line).toBeUndefined();
    expect(priceLine({ ...gorilla, optionType: "Shorts", beltRank: "Blue" }).line).toBeUndefined();
    expect(priceLine({ ...gorilla, quantity: 0 }).line).toBeUndefined();
    expect(priceLine({ ...gorilla, quantity: 1.5 }).line).toBeUndefined();
    expect(priceLine({ ...gi, customText: "X".repeat(21) }).line).toBeUndefined();
    expect(priceLine({ ...gorilla, customText: "NAME" }).line).toBeUndefined();
    expect(priceLine({ ...bottle, size: "M" }).line).toBeUndefined();
    expect(priceLine({ ...gi, customText: undefined }).line).toBeUndefined();
    expect(priceLine({ ...gi, customText: "   " }).line).toBeUndefined();
  });

  it("says why a line is refused, in one place for cart, checkout and server", () => {
    expect(priceLine({ ...gorilla, productId: "no-such-thing" }).problem).toMatch(/don't sell/);
    expect(priceLine({ ...gorilla, size: "XXXL" }).problem).toMatch(/size "XXXL"/);
    expect(priceLine({ ...gi, customText: undefined }).problem).toMatch(/needs the name/);
    expect(priceLine({ ...bottle, size: "M" }).problem).toBe(
      "Water Bottle has no options or sizes.",
    );
    // The bundle is a catalogue product: a wrong size is a wrong size, not an unknown product.
    expect(
      priceLine({
        productId: "complete-training-bundle",
        optionType: "Standard",
        size: "M",
        quantity: 1,
      }).problem,
    ).toBe("Complete Training Bundle has no options or sizes.");
    expect(priceLine(gorilla).problem).toBeUndefined();
  });
});

describe("S-CART-3 and line merging", () => {
  it("adding the same product, option, size and customisation raises the quantity", () => {
    let lines = addLine([], priced(gorilla))!;
    lines = addLine(lines, priced({ ...gorilla, quantity: 1 }))!;
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(3);
  });

  it("a different size, rank or text is a new line", () => {
    let lines = addLine([], priced(gorilla))!;
    lines = addLine(lines, priced({ ...gorilla, size: "M" }))!;
    lines = addLine(lines, priced({ ...gorilla, beltRank: "Purple" }))!;
    lines = addLine(lines, priced(gi))!;
    lines = addLine(lines, priced({ ...gi, customText: "LEO" }))!;
    expect(lines).toHaveLength(5);
    expect(totalQuantity(lines)).toBe(2 + 2 + 2 + 1 + 1);
  });

  it("quantity never goes below 1; lines are removed by position", () => {
    const lines = [priced(gorilla), priced(bottle)];
    expect(setQuantity(lines, 0, 0)[0]?.quantity).toBe(1);
    expect(setQuantity(lines, 0, -4)[0]?.quantity).toBe(1);
    expect(setQuantity(lines, 1, 7)[1]?.quantity).toBe(7);
    expect(removeLine(lines, 0).map((l) => l.productId)).toEqual(["water-bottle"]);
  });
});

describe("X-ARCH-3: the cart keeps within checkout's limits", () => {
  it("X-ARCH-3: a quantity is set to at most MAX_LINE_QUANTITY, and merging stops there", () => {
    const lines = [priced(bottle)];
    expect(setQuantity(lines, 0, MAX_LINE_QUANTITY + 1)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    expect(setQuantity(lines, 0, MAX_LINE_QUANTITY)[0]?.quantity).toBe(MAX_LINE_QUANTITY);
    const most = addLine([], priced({ ...bottle, quantity: MAX_LINE_QUANTITY - 1 }))!;
    expect(addLine(most, priced({ ...bottle, quantity: 5 }))?.[0]?.quantity).toBe(
      MAX_LINE_QUANTITY,
    );
  });

  it("X-ARCH-3: a line of more than MAX_LINE_QUANTITY is refused with checkout's words", () => {
    expect(priceLine({ ...bottle, quantity: MAX_LINE_QUANTITY }).line?.quantity).toBe(
      MAX_LINE_QUANTITY,
    );
    expect(priceLine({ ...bottle, quantity: MAX_LINE_QUANTITY + 1 }).problem).toBe(
      QUANTITY_MAX_MESSAGE,
    );
  });

  it("X-ARCH-3: a cart of MAX_CART_LINES lines takes more of a line it has, but no new line", () => {
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      ...priced(bottle),
      productId: `water-bottle-${i}`,
    }));
    expect(addLine(full, priced(gorilla))).toBeNull();
    expect(addLine(full, { ...full[0]!, quantity: 2 })?.[0]?.quantity).toBe(3);
    expect(addLine(full.slice(1), priced(gorilla))).toHaveLength(MAX_CART_LINES);
  });
});

describe("X-CART-1: persistence", () => {
  it("a stored cart reads back the same, priced afresh", () => {
    const lines = [priced(gi), priced(gorilla), priced(bottle)];
    const stored = serialiseCart(lines);
    expect(stored).not.toContain("unitPricePence");
    expect(parseStoredCart(stored)).toEqual(lines);
  });

  it("a tampered price in storage is ignored", () => {
    const stored = JSON.parse(serialiseCart([priced(gi)]));
    stored.lines[0].unitPricePence = 1;
    stored.lines[0].price = "£0.01";
    expect(parseStoredCart(JSON.stringify(stored))[0]?.unitPricePence).toBe(5999);
  });

  it("a corrupt or outdated stored cart is dropped, never a crash", () => {
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart('"a string"')).toEqual([]);
    expect(parseStoredCart(JSON.stringify([{ productId: "x", price: "£1" }]))).toEqual([]);
    expect(parseStoredCart(JSON.stringify({ version: 0, lines: [] }))).toEqual([]);
    expect(parseStoredCart(JSON.stringify({ version: 1, lines: [{ quantity: "lots" }] }))).toEqual(
      [],
    );
  });

  it("lines the catalogue no longer has are dropped and the rest kept", () => {
    const stored = JSON.parse(serialiseCart([priced(gorilla)]));
    stored.lines.push({ productId: "discontinued-gi", optionType: "Gi", size: "A2", quantity: 1 });
    expect(parseStoredCart(JSON.stringify(stored)).map((l) => l.productId)).toEqual([
      "mens-ranked-gorilla-no-gi-set",
    ]);
  });
});
