import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "~/flows/checkout/request";
import {
  CUSTOM_TEXT_MAX,
  CUSTOM_TEXT_SENT_MAX,
  LINE_CHOICE_MAX,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
} from "~/shared/limits";
import { readStoredCart } from "./cart";

/**
 * What the server makes of a stored cart's lines: the checkout request's own schema (not a copy),
 * so a rule or a limit that changes on one side and not the other fails here. An empty cart is
 * a cart the browser keeps; the server only refuses to check it out.
 */
function serverReading(json: unknown): unknown[] | null {
  if (typeof json !== "object" || json === null) return null;
  const { version, lines } = json as { version?: unknown; lines?: unknown };
  if (version !== 1 || !Array.isArray(lines)) return null;
  if (lines.length === 0) return [];
  const parsed = checkoutRequestSchema.safeParse({ cartItems: lines });
  return parsed.success ? parsed.data.cartItems : null;
}

// Mostly valid carts with one field knocked off: lengths about each limit, padding, control
// characters, characters outside the BMP, wrong types, nulls. Each field is valid more often
// than not, so that a line's other fields let a difference in one of them show.
const padded = (arbitrary: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 12, arbitrary },
    { weight: 1, arbitrary: arbitrary.map((s) => ` ${s} `) },
    { weight: 1, arbitrary: arbitrary.map((s) => `${s}\u0007`) },
    { weight: 1, arbitrary: fc.constantFrom("", "   ") },
  );
const near = (max: number) =>
  padded(
    fc.oneof(
      { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.string({ minLength: max - 1, maxLength: max + 1 }) },
    ),
  );
const customText = padded(
  fc.oneof(
    fc.string({ maxLength: 3 }),
    fc.string({ minLength: CUSTOM_TEXT_MAX - 1, maxLength: CUSTOM_TEXT_MAX + 1 }),
    fc.string({ unit: "grapheme", minLength: CUSTOM_TEXT_MAX - 1, maxLength: CUSTOM_TEXT_MAX + 1 }),
    // As long as a request may send, or one more, with few characters once trimmed.
    fc.constantFrom(
      `${" ".repeat(CUSTOM_TEXT_SENT_MAX - 2)}AB`,
      `${" ".repeat(CUSTOM_TEXT_SENT_MAX - 1)}AB`,
    ),
  ),
);
const wrong = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);
const fields: Record<string, fc.Arbitrary<unknown>> = {
  productId: near(LINE_CHOICE_MAX.productId),
  optionType: near(LINE_CHOICE_MAX.optionType),
  size: near(LINE_CHOICE_MAX.size),
  beltRank: near(LINE_CHOICE_MAX.beltRank),
  color: near(LINE_CHOICE_MAX.color),
  customText,
  nameCustomisation: fc.boolean(),
  quantity: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        0,
        -1,
        MAX_LINE_QUANTITY - 1,
        MAX_LINE_QUANTITY,
        MAX_LINE_QUANTITY + 1,
        10_000,
        1.5,
        Number.MAX_SAFE_INTEGER,
      ),
    },
  ),
};
const line = fc
  .tuple(
    fc.record(fields, { requiredKeys: ["productId", "optionType", "size", "quantity"] }),
    fc.option(
      fc.tuple(
        fc.constantFrom(...Object.keys(fields), "extra"),
        fc.oneof(wrong, fc.constant(undefined)),
      ),
    ),
  )
  .map(([value, change]) => {
    if (!change) return value;
    const [key, replacement] = change;
    const changed: Record<string, unknown> = { ...value };
    if (replacement === undefined) delete changed[key];
    else changed[key] = replacement;
    return changed;
  });
const cart = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      version: fc.constant<unknown>(1),
      lines: fc.array(line, { maxLength: 3 }),
    }),
  },
  fc.record({
    version: fc.constantFrom<unknown>(0, "1", null),
    lines: fc.array(line, { maxLength: 2 }),
  }),
  fc.record({ version: fc.constant(1), lines: wrong }),
  wrong,
);

const bottle = { productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 1 };

describe("stored cart", () => {
  it("X-ARCH-3: the hand check reads a stored cart exactly as the checkout request's schema does", () => {
    fc.assert(
      fc.property(cart, (value) => {
        const json: unknown = JSON.parse(JSON.stringify(value));
        expect(readStoredCart(json)).toEqual(serverReading(json));
      }),
      { numRuns: 3000 },
    );
  });

  it("X-ARCH-3: at most MAX_CART_LINES lines, as checkout allows", () => {
    const lines = Array.from({ length: MAX_CART_LINES + 1 }, () => bottle);
    const over = { version: 1, lines };
    const full = { version: 1, lines: lines.slice(1) };
    expect(readStoredCart(over)).toBeNull();
    expect(serverReading(over)).toBeNull();
    expect(readStoredCart(full)).toHaveLength(MAX_CART_LINES);
    expect(readStoredCart(full)).toEqual(serverReading(full));
  });

  it("X-ARCH-3: at most MAX_LINE_QUANTITY per line, as checkout allows", () => {
    const at = { version: 1, lines: [{ ...bottle, quantity: MAX_LINE_QUANTITY }] };
    const over = { version: 1, lines: [{ ...bottle, quantity: MAX_LINE_QUANTITY + 1 }] };
    expect(readStoredCart(at)).toEqual(serverReading(at));
    expect(readStoredCart(at)).toHaveLength(1);
    expect(readStoredCart(over)).toBeNull();
    expect(serverReading(over)).toBeNull();
  });
});
