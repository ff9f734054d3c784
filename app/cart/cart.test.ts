import { EMBROIDERY_MESSAGE } from "~/shared/embroidery";
import { describe, expect, it } from "vitest";
import { QUANTITY_MAX_MESSAGE, MAX_CART_LINES, MAX_LINE_QUANTITY } from "~/shared/limits";
import {
  addLine,
  lineChoice,
  parseStoredCart,
  priceLine,
  removeLine,
  serialiseCart,
  setQuantity,
  totalQuantity,
  type NewCartLine,
} from "./cart";
import { SEED_TIME, seedCatalogue } from "~/catalogue/seed/catalogue";

const seeded = seedCatalogue(SEED_TIME);
const priceOf = (line: Parameters<typeof priceLine>[0]) =>
  priceLine(line, seeded.all.get(line.productId));

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
  const result = priceOf(line);
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
      href: "/product/kids-grip-truth-bjj-gi",
    });
    expect(priced(bottle).unitPricePence).toBe(1299);
  });

  it("refuses what the catalogue does not offer", () => {
    expect(priceOf({ ...gorilla, productId: "no-such-thing" }).line).toBeUndefined();
    expect(priceOf({ ...gorilla, size: "XXXL" }).line).toBeUndefined();
    expect(priceOf({ ...gorilla, beltRank: "Red" }).line).toBeUndefined();
    expect(priceOf({ ...gorilla, beltRank: undefined }).line).toBeUndefined();
    expect(priceOf({ ...gorilla, optionType: "Shorts", beltRank: "Blue" }).line).toBeUndefined();
    expect(priceOf({ ...gorilla, quantity: 0 }).line).toBeUndefined();
    expect(priceOf({ ...gorilla, quantity: 1.5 }).line).toBeUndefined();
    expect(priceOf({ ...gi, customText: "X".repeat(21) }).line).toBeUndefined();
    expect(priceOf({ ...gorilla, customText: "NAME" }).line).toBeUndefined();
    expect(priceOf({ ...bottle, size: "M" }).line).toBeUndefined();
    expect(priceOf({ ...gi, customText: undefined }).line).toBeUndefined();
    expect(priceOf({ ...gi, customText: "   " }).line).toBeUndefined();
  });

  it("says why a line is refused, in one place for cart, checkout and server", () => {
    expect(priceOf({ ...gorilla, productId: "no-such-thing" }).problem).toMatch(/don't sell/);
    expect(priceOf({ ...gorilla, size: "XXXL" }).problem).toBe(
      "Sorry, Mens Ranked Gorilla No-Gi Set in Rashguard XXXL is no longer available.",
    );
    expect(priceOf({ ...gi, customText: undefined }).problem).toMatch(/needs the name/);
    // X-TRUE-9: a lapel name that cannot be stitched is refused with the one rule's sentence.
    expect(priceOf({ ...gi, customText: "MAYA 🥋" }).problem).toBe(EMBROIDERY_MESSAGE);
    expect(priceOf({ ...gi, customText: "Zoë O'Neil-Ruiz" }).line).toBeDefined();
    expect(priceOf({ ...bottle, size: "M" }).problem).toBe("Water Bottle has no options or sizes.");
    // The bundle is a catalogue product: a wrong size is a wrong size, not an unknown product.
    expect(
      priceOf({
        productId: "complete-training-bundle",
        optionType: "Standard",
        size: "M",
        quantity: 1,
      }).problem,
    ).toBe("Complete Training Bundle has no options or sizes.");
    expect(priceOf(gorilla).problem).toBeUndefined();
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
    expect(priceOf({ ...bottle, quantity: MAX_LINE_QUANTITY }).line?.quantity).toBe(
      MAX_LINE_QUANTITY,
    );
    expect(priceOf({ ...bottle, quantity: MAX_LINE_QUANTITY + 1 }).problem).toBe(
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

describe("X-CART-1 X-CAT-3: persistence", () => {
  const EMPTY = { lines: [], unpriced: [] };

  it("a stored cart reads back the same lines, with the name and price they were shown at", () => {
    const lines = [priced(gi), priced(gorilla), priced(bottle)];
    expect(parseStoredCart(serialiseCart(lines))).toEqual({ lines, unpriced: [] });
  });

  it("a cart kept by the older version (choices only) is kept for the server to price", () => {
    const stored = { version: 1, lines: [lineChoice(priced(gorilla))] };
    expect(parseStoredCart(JSON.stringify(stored))).toEqual({
      lines: [],
      unpriced: [lineChoice(priced(gorilla))],
    });
  });

  it("a line's problem is not stored: the server says it again", () => {
    const stored = serialiseCart([{ ...priced(gi), problem: "Sorry, gone." }]);
    expect(stored).not.toContain("Sorry, gone.");
  });

  it("a corrupt or outdated stored cart is dropped, never a crash", () => {
    expect(parseStoredCart(null)).toEqual(EMPTY);
    expect(parseStoredCart("{not json")).toEqual(EMPTY);
    expect(parseStoredCart('"a string"')).toEqual(EMPTY);
    expect(parseStoredCart(JSON.stringify([{ productId: "x", price: "£1" }]))).toEqual(EMPTY);
    expect(parseStoredCart(JSON.stringify({ version: 0, lines: [] }))).toEqual(EMPTY);
    expect(parseStoredCart(JSON.stringify({ version: 1, lines: [{ quantity: "lots" }] }))).toEqual(
      EMPTY,
    );
  });

  it("a stored price that is not a whole number of pence leaves the line for the server to price", () => {
    const stored = JSON.parse(serialiseCart([priced(gi)]));
    stored.lines[0].unitPricePence = "£0.01";
    expect(parseStoredCart(JSON.stringify(stored)).unpriced).toEqual([lineChoice(priced(gi))]);
  });
});

describe("a cart line's picture", () => {
  it("X-PHOTO-3: the owner's first photo (of the line's colour, when tagged), else the drawing", () => {
    const hoodie = seeded.all.get("mens-grip-truth-hoodie")!;
    const photo = (id: string, color: string | null) => ({
      id,
      alt: id,
      color,
      width: 800,
      height: 800,
      avif: [{ url: `/photos/${id}/320-a.avif`, width: 320, height: 320 }],
      webp: [{ url: `/photos/${id}/320-a.webp`, width: 320, height: 320 }],
      placeholder: null,
    });
    const line = (color: string) => ({
      productId: hoodie.id,
      optionType: "Hoodies",
      size: "M",
      color,
      quantity: 1,
    });
    expect(priceLine(line("Grey"), hoodie).line?.image).toBe(hoodie.images[0]!.src);
    // X-TRUE-11: a black hoodie (its drawing is grey) shows a black drawing.
    expect(priceLine(line("Black"), hoodie).line?.image).toBe(
      "/images/products/mens-grip-truth-hoodie/front.svg?colour=black",
    );
    const photographed = { ...hoodie, photos: [photo("a", null), photo("b", "Black")] };
    expect(priceLine(line("Grey"), photographed).line?.image).toBe("/photos/a/320-a.webp");
    expect(priceLine(line("Black"), photographed).line?.image).toBe("/photos/b/320-a.webp");
  });
});
