import { describe, expect, it } from "vitest";
import { seeded as findProduct } from "./seed/catalogue";
import {
  changeOptionType,
  customTextTooLong,
  defaultOptionType,
  formatCustomText,
  choiceDetails,
  choiceParts,
  initialSelection,
  selectionProblem,
  setNameCustomisation,
  showsCustomText,
  findOption,
} from "./options";
import type { Product } from "./types";

const product = (id: string): Product => {
  const found = findProduct(id);
  if (!found) throw new Error(`no product ${id}`);
  return found;
};

describe("S-PDP-2: the default option type comes from the name", () => {
  it("Sliders, Hoodies, Gi, otherwise Rashguard", () => {
    expect(defaultOptionType(product("mens-grip-truth-sliders"))).toBe("Sliders");
    expect(defaultOptionType(product("womens-grip-truth-hoodie"))).toBe("Hoodies");
    expect(defaultOptionType(product("kids-grip-truth-bjj-gi"))).toBe("Gi");
    expect(defaultOptionType(product("mens-england-no-gi-set"))).toBe("Rashguard");
  });

  it('"No-Gi" in a name is not a gi', () => {
    expect(defaultOptionType(product("womens-redcar-bjj-no-gi-set"))).toBe("Rashguard");
  });

  it("falls back to the first option when the named type does not exist", () => {
    expect(defaultOptionType(product("mens-grip-n-trip-thai-shorts"))).toBe("Thai Shorts");
  });

  it("has none for a product without options", () => {
    expect(defaultOptionType(product("water-bottle"))).toBeUndefined();
    expect(initialSelection(product("water-bottle")).optionType).toBe("Standard");
  });
});

describe("S-PDP-3 S-PDP-5: clearing rules", () => {
  it("changing the option type clears size, belt rank and colour", () => {
    const start = {
      ...initialSelection(product("mens-ranked-gorilla-no-gi-set")),
      size: "M",
      beltRank: "Blue",
      color: "Red",
      customText: "kept",
      quantity: 3,
    };
    expect(changeOptionType(start, "Shorts")).toEqual({
      ...start,
      optionType: "Shorts",
      size: "",
      beltRank: "",
      color: "",
    });
  });

  it("unticking name customisation clears the text; ticking keeps it", () => {
    const on = {
      ...initialSelection(product("mens-grip-truth-bjj-gi")),
      nameCustomisation: true,
      customText: "SILVA",
    };
    expect(setNameCustomisation(on, false)).toMatchObject({
      nameCustomisation: false,
      customText: "",
    });
    expect(setNameCustomisation(on, true).customText).toBe("SILVA");
  });

  it("S-PDP-5: custom text over 20 characters (letters, not bytes, once trimmed) is too long, never cut", () => {
    expect(customTextTooLong("ABCDEFGHIJKLMNOPQRST")).toBe(false);
    expect(customTextTooLong("ABCDEFGHIJKLMNOPQRSTU")).toBe(true);
    expect(customTextTooLong(`  ${"🥋".repeat(20)}  `)).toBe(false);
    expect(customTextTooLong("🥋".repeat(21))).toBe(true);
  });

  it("the gi shows its text box only when ticked; the England rashguard always; others never", () => {
    const gi = findOption(product("mens-grip-truth-bjj-gi"), "Gi");
    expect(showsCustomText(gi, false)).toBe(false);
    expect(showsCustomText(gi, true)).toBe(true);
    const england = product("mens-england-no-gi-set");
    expect(showsCustomText(findOption(england, "Rashguard"), false)).toBe(true);
    expect(showsCustomText(findOption(england, "Shorts"), false)).toBe(false);
  });
});

describe("S-PDP-4: validation messages", () => {
  it("asks for a size first", () => {
    const p = product("mens-ranked-gorilla-no-gi-set");
    expect(selectionProblem(p, initialSelection(p))).toBe("Please select a size.");
  });

  it("asks for a belt rank where the option has them", () => {
    const p = product("kids-ranked-gorilla-no-gi-set");
    expect(selectionProblem(p, { ...initialSelection(p), size: "8Y" })).toBe(
      "Please select a belt rank.",
    );
    expect(
      selectionProblem(p, { ...initialSelection(p), size: "8Y", beltRank: "Grey/White" }),
    ).toBeNull();
    // The shorts of the same set have no belt ranks.
    expect(
      selectionProblem(p, { ...changeOptionType(initialSelection(p), "Shorts"), size: "8Y" }),
    ).toBeNull();
  });

  it("asks for a colour where the option has them", () => {
    const p = product("womens-grip-truth-hoodie");
    expect(selectionProblem(p, { ...initialSelection(p), size: "S" })).toBe(
      "Please select a color.",
    );
    expect(selectionProblem(p, { ...initialSelection(p), size: "S", color: "Grey" })).toBeNull();
  });

  it("a ticked gi name customisation needs a name (it costs £10.00)", () => {
    const p = product("mens-grip-truth-bjj-gi");
    const ticked = { ...initialSelection(p), size: "A2", nameCustomisation: true };
    expect(selectionProblem(p, ticked)).toBe("Please enter the name for the lapel.");
    expect(selectionProblem(p, { ...ticked, customText: "SILVA" })).toBeNull();
  });

  it("has nothing to ask of a product without options", () => {
    const p = product("knee-pads");
    expect(selectionProblem(p, initialSelection(p))).toBeNull();
  });
});

describe("S-PDP-6: customText format", () => {
  it("Belt Rank: X - text, Color: X - text, or the plain text", () => {
    expect(formatCustomText({ beltRank: "Purple", customText: "Ana" })).toBe(
      "Belt Rank: Purple - Ana",
    );
    expect(formatCustomText({ beltRank: "Purple" })).toBe("Belt Rank: Purple");
    expect(formatCustomText({ color: "Red", customText: "Kai" })).toBe("Color: Red - Kai");
    expect(formatCustomText({ color: "Black" })).toBe("Color: Black");
    expect(formatCustomText({ customText: "  SILVA " })).toBe("SILVA");
    expect(formatCustomText({})).toBe("");
  });
});

describe("X-DAY-7: one description of a line's choices", () => {
  it("names the colour 'Colour' and keeps a printed name or lapel name on its own label", () => {
    expect(
      choiceDetails({
        optionType: "Gi",
        size: "A1",
        color: "White",
        beltRank: null,
        customText: "RIPTIDE BJJ",
        nameCustomisation: null,
        teamSlug: "riptide",
        printName: "J. WALKER",
      }),
    ).toEqual([
      "Gi",
      "Size: A1",
      "Colour: White",
      "Team text: RIPTIDE BJJ",
      "Name to print: J. WALKER",
    ]);
    expect(
      choiceParts({
        optionType: "Gi",
        size: "M2",
        customText: "MAYA",
        nameCustomisation: true,
      }),
    ).toEqual([
      { label: "Option", value: "Gi" },
      { label: "Size", value: "M2" },
      { label: "Name for the lapel", value: "MAYA" },
    ]);
    expect(
      choiceDetails({ optionType: "Rashguard", size: "L", beltRank: "Blue", customText: "Kai" }),
    ).toEqual(["Rashguard", "Size: L", "Belt rank: Blue", "Custom text: Kai"]);
    expect(choiceDetails({ optionType: "Standard", size: "N/A" })).toEqual([]);
  });
});
