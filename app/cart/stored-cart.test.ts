import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readStoredCart } from "./cart";

// The schema the stored cart was read with before it was checked by hand (X-PERF-2): the hand
// check must accept and refuse exactly what it did.
const storedLineSchema = z.object({
  productId: z.string().max(100),
  optionType: z.string().max(40),
  size: z.string().max(20),
  beltRank: z.string().max(40).optional(),
  color: z.string().max(40).optional(),
  customText: z.string().max(80).optional(),
  nameCustomisation: z.boolean().optional(),
  quantity: z.number().int().min(1).max(10_000),
});
const storedCartSchema = z.object({
  version: z.literal(1),
  lines: z.array(storedLineSchema).max(200),
});

// Mostly valid carts with one field knocked off: lengths about each limit, wrong types, nulls.
const near = (max: number) =>
  fc.oneof(fc.string({ maxLength: 3 }), fc.string({ minLength: max - 1, maxLength: max + 1 }));
const wrong = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);
const fields: Record<string, fc.Arbitrary<unknown>> = {
  productId: near(100),
  optionType: near(40),
  size: near(20),
  beltRank: near(40),
  color: near(40),
  customText: near(80),
  nameCustomisation: fc.boolean(),
  quantity: fc.oneof(
    fc.integer({ min: 1, max: 3 }),
    fc.constantFrom(0, -1, 10_000, 10_001, 1.5, Number.MAX_SAFE_INTEGER),
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

describe("stored cart", () => {
  it("X-PERF-2: the hand check reads a stored cart exactly as the schema did", () => {
    fc.assert(
      fc.property(cart, (value) => {
        const json: unknown = JSON.parse(JSON.stringify(value));
        const parsed = storedCartSchema.safeParse(json);
        expect(readStoredCart(json)).toEqual(parsed.success ? parsed.data.lines : null);
      }),
      { numRuns: 3000 },
    );
  });

  it("X-PERF-2: at most 200 lines", () => {
    const lines = Array.from({ length: 201 }, () => ({
      productId: "water-bottle",
      optionType: "Standard",
      size: "N/A",
      quantity: 1,
    }));
    expect(readStoredCart({ version: 1, lines })).toBeNull();
    expect(readStoredCart({ version: 1, lines: lines.slice(1) })).toHaveLength(200);
  });
});
