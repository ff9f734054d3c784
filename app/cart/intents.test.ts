import { describe, expect, it } from "vitest";
import { seeded } from "~/catalogue/seed/catalogue";
import type { LineChoice } from "~/shared/line-choice";
import {
  CART_LINES_MESSAGE,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  QUANTITY_MAX_MESSAGE,
  QUANTITY_MESSAGE,
} from "~/shared/limits";
import { lineKey } from "./cart";
import { type AddFields, applyIntent, checkAdd, readCartForm, UNKNOWN_LINE } from "./intents";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const SET = "mens-ranked-gorilla-no-gi-set";
const fields = (more: Partial<AddFields> = {}): AddFields => ({
  productId: SET,
  optionType: "Rashguard",
  size: "M",
  beltRank: "Blue",
  color: "",
  customText: "",
  nameCustomisation: false,
  quantity: "1",
  ...more,
});
const rashguard = (quantity = 1): LineChoice => ({
  productId: SET,
  optionType: "Rashguard",
  size: "M",
  beltRank: "Blue",
  quantity,
});

describe("the cart's forms (issue 25, X-PE-1)", () => {
  it("X-PE-1: reads each intent's fields, and refuses an unknown intent or a bad quantity in words", () => {
    expect(readCartForm(form({ intent: "clear" }))).toEqual({
      ok: true,
      intent: { intent: "clear" },
    });
    expect(readCartForm(form({ intent: "update", line: "x", quantity: "3" }))).toEqual({
      ok: true,
      intent: { intent: "update", line: "x", quantity: 3 },
    });
    expect(readCartForm(form({ intent: "update", line: "x", quantity: "0" }))).toEqual({
      ok: false,
      error: QUANTITY_MESSAGE,
    });
    expect(readCartForm(form({ intent: "update", line: "x", quantity: "2.5" }))).toEqual({
      ok: false,
      error: QUANTITY_MESSAGE,
    });
    expect(
      readCartForm(form({ intent: "update", line: "x", quantity: String(MAX_LINE_QUANTITY + 1) })),
    ).toEqual({ ok: false, error: QUANTITY_MAX_MESSAGE });
    // A code no one could type (a NUL byte) is refused before it reaches the database.
    expect(readCartForm(form({ intent: "discount", code: "SAVE\u000010" }))).toEqual({
      ok: false,
      error: "Invalid discount code.",
    });
    const unknown = readCartForm(form({ intent: "buy" }));
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.error).toMatch(/^intent must be one of "add"/);
    // A stored cart that cannot be read moves nothing.
    expect(readCartForm(form({ intent: "merge", lines: "{{{" }))).toEqual({
      ok: true,
      intent: { intent: "merge", lines: [] },
    });
  });

  it("X-PE-1 S-PDP-4: an add is checked with the product page's sentences", () => {
    const product = seeded(SET);
    expect(checkAdd(fields({ size: "" }), product)).toEqual({
      ok: false,
      message: "Please select a size.",
      kind: "invalid_input",
    });
    expect(checkAdd(fields({ beltRank: "" }), product)).toEqual({
      ok: false,
      message: "Please select a belt rank.",
      kind: "invalid_input",
    });
    expect(checkAdd(fields({ quantity: "0" }), product)).toMatchObject({
      message: QUANTITY_MESSAGE,
    });
    expect(checkAdd(fields({ size: "XXXL" }), product)).toMatchObject({ kind: "conflict" });
    expect(checkAdd(fields({ productId: "no-such" }), undefined)).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    expect(checkAdd(fields({ quantity: "2" }), product)).toEqual({
      ok: true,
      choice: rashguard(2),
    });
  });

  it("X-PE-1 S-CART-3: the same line adds up, capped; a full cart takes no new line", () => {
    const once = applyIntent([], { intent: "add", choice: rashguard(600) });
    const twice = once.ok && applyIntent(once.lines, { intent: "add", choice: rashguard(600) });
    expect(twice && twice.ok && twice.lines).toEqual([rashguard(MAX_LINE_QUANTITY)]);
    const full = Array.from({ length: MAX_CART_LINES }, (_, i) => ({
      ...rashguard(),
      customText: `n${i}`,
    }));
    expect(applyIntent(full, { intent: "add", choice: rashguard() })).toEqual({
      ok: false,
      message: CART_LINES_MESSAGE,
      kind: "invalid_input",
    });
    // A merge brings what fits and drops the rest.
    const merged = applyIntent(full.slice(1), {
      intent: "merge",
      lines: [rashguard(), rashguard()],
    });
    expect(merged.ok && merged.lines.length).toBe(MAX_CART_LINES);
  });

  it("X-PE-1: update and remove name a line by its key", () => {
    const lines = [rashguard(2)];
    const key = lineKey(lines[0]!);
    expect(applyIntent(lines, { intent: "update", line: key, quantity: 5 })).toEqual({
      ok: true,
      lines: [rashguard(5)],
    });
    expect(applyIntent(lines, { intent: "update", line: "nope", quantity: 5 })).toEqual({
      ok: false,
      message: UNKNOWN_LINE,
      kind: "not_found",
    });
    expect(applyIntent(lines, { intent: "remove", line: key })).toEqual({ ok: true, lines: [] });
    expect(applyIntent(lines, { intent: "clear" })).toEqual({
      ok: true,
      lines: [],
      discountCode: null,
    });
    expect(applyIntent(lines, { intent: "discount", code: "" })).toMatchObject({
      discountCode: null,
    });
  });
});
