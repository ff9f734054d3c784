import { describe, expect, it } from "vitest";
import { SEED_TIME, seeded as findProduct, seedCatalogue } from "~/catalogue/seed/catalogue";

const catalogue = seedCatalogue(SEED_TIME);
const lookup = (id: string) => catalogue.all.get(id);
import { choiceStock, lineAvailability, shortMessage, variantKey, variantsOfLine } from "./stock";

const hoodie = findProduct("mens-grip-truth-hoodie")!;
const key = (size: string, color: string) =>
  variantKey({ productId: hoodie.id, optionType: "Hoodies", size, color });
const choice = { optionType: "Hoodies", size: "", color: "", customText: "", quantity: 1 };

describe("stock rules shared by the page and the server", () => {
  it("X-STK-2: custom text is made to order; a bundle is its items", () => {
    const line = {
      productId: "mens-england-no-gi-set",
      optionType: "Rashguard",
      size: "M",
      quantity: 1,
    };
    expect(variantsOfLine({ ...line, customText: "SILVA" }, lookup)).toEqual([]);
    expect(variantsOfLine(line, lookup)).toHaveLength(1);
    expect(
      variantsOfLine(
        {
          productId: "complete-training-bundle",
          optionType: "Standard",
          size: "N/A",
          quantity: 1,
        },
        lookup,
      ).map((v) => v.productId),
    ).toEqual(["premium-gym-bag", "mouth-guard-set", "knee-pads", "water-bottle", "gear-wash-kit"]);
  });

  it("X-STK-2 X-STK-3: in stock, made to order, or short with the customer's message", () => {
    const line = {
      productId: hoodie.id,
      optionType: "Hoodies",
      size: "M",
      color: "Grey",
      quantity: 2,
    };
    expect(lineAvailability(line, {}, lookup)).toEqual({ kind: "made-to-order" });
    expect(lineAvailability(line, { [key("M", "Grey")]: 5 }, lookup)).toEqual({
      kind: "in-stock",
      left: 5,
    });
    const short = lineAvailability(line, { [key("M", "Grey")]: 1 }, lookup);
    expect(short).toMatchObject({ kind: "short", left: 1 });
    if (short.kind !== "short") throw new Error("expected short");
    expect(shortMessage(short.variant, 1, lookup)).toBe(
      "Sorry, only 1 left of Mens Grip Truth Hoodie in size M (Grey).",
    );
    expect(shortMessage(short.variant, 0, lookup)).toBe(
      "Sorry, Mens Grip Truth Hoodie in size M (Grey) has just sold out.",
    );
  });

  it("X-STK-2: the product page's sold-out sizes and colours follow the choice", () => {
    const levels = {
      [key("M", "Grey")]: 0,
      [key("M", "Black")]: 0,
      [key("L", "Grey")]: 0,
      [key("S", "Grey")]: 2,
    };
    const none = choiceStock(hoodie, levels, choice);
    expect([...none.soldOutSizes]).toEqual(["M"]);
    expect(none.availability).toBeUndefined();
    expect(none.allMadeToOrder).toBe(false);
    const grey = choiceStock(hoodie, levels, { ...choice, color: "Grey" });
    expect([...grey.soldOutSizes]).toEqual(["M", "L"]);
    const sizeL = choiceStock(hoodie, levels, { ...choice, size: "L" });
    expect([...sizeL.soldOutColors]).toEqual(["Grey"]);
    const small = choiceStock(hoodie, levels, { ...choice, size: "S", color: "Grey" });
    expect(small.availability).toEqual({ kind: "in-stock", left: 2 });
    expect(choiceStock(hoodie, {}, choice).allMadeToOrder).toBe(true);
  });
});
