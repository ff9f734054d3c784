import { describe, expect, it } from "vitest";
import { productFieldErrors, productFieldOrder, readProductForm } from "./product-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries({
    id: "x-patch",
    name: "Patch",
    status: "draft",
    category: "NO-GI",
    audience: "",
    kind: "no-gi-set",
    design: "grip-truth",
    description: "A patch.",
    highlights: "",
    price: "",
    compareAt: "",
    optionCount: "2",
    ...fields,
  }))
    data.set(name, value);
  return data;
};

describe("the product form's wrong fields (X-A11Y-2)", () => {
  it("X-A11Y-2: a price that is not one is named by its field, an option's by its group", () => {
    const read = readProductForm(
      form({
        price: "twelve",
        "option-1-type": "Shorts",
        "option-1-price": "abc",
        "option-1-sizes": "M",
      }),
      true,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toBe('Price: "twelve" is not a price in pounds, like 34.99.');
    expect(read.fieldErrors).toEqual({
      price: 'Price: "twelve" is not a price in pounds, like 34.99.',
      "option-1-price": 'Option Shorts price: "abc" is not a price in pounds, like 34.99.',
    });
  });

  it("X-A11Y-2: the product rules' problems are put by the form's field names, options by the group they came from", () => {
    const read = readProductForm(
      form({
        name: "",
        "option-0-type": "Rashguard",
        "option-0-price": "30",
        "option-0-compareAt": "20",
        "option-0-sizes": "S",
        "option-0-position": "2",
        "option-1-type": "Shorts",
        "option-1-price": "25",
        "option-1-sizes": "",
        "option-1-position": "1",
      }),
      true,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    // Ordered by position: the shorts (group 1) first, then the rashguard (group 0).
    expect(read.slots).toEqual([1, 0]);
    expect(productFieldErrors(read.body, read.slots, true)).toEqual({
      name: "The name cannot be empty.",
      "option-1-sizes": "Option 1: Each option needs at least one size.",
      "option-0-compareAt": "Option 2: A compare-at price must be higher than the price.",
    });
  });

  it("X-A11Y-10 (issue 56): an empty new product names every blank field at once, and a wrong price does not hide them", () => {
    const empty = readProductForm(form({ id: "", name: "", description: "" }), true);
    expect(empty.ok).toBe(true);
    if (!empty.ok) return;
    expect(Object.keys(productFieldErrors(empty.body, empty.slots, true))).toEqual([
      "id",
      "name",
      "description",
    ]);
    const read = readProductForm(
      form({
        id: "",
        name: " ",
        description: "",
        price: "twelve",
        "option-0-type": "Shorts",
        "option-0-price": "abc",
        "option-0-compareAt": "20",
        "option-0-sizes": "",
      }),
      true,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toMatch(/^The id must be/);
    expect(read.fieldErrors).toEqual({
      id: expect.stringMatching(/^The id must be/),
      name: "The name cannot be empty.",
      description: "The description cannot be empty.",
      price: 'Price: "twelve" is not a price in pounds, like 34.99.',
      "option-0-price": 'Option Shorts price: "abc" is not a price in pounds, like 34.99.',
      "option-0-sizes": "Option 1: Each option needs at least one size.",
    });
  });

  it("X-A11Y-2: the summary lists the fields in the order the page shows them", () => {
    const order = productFieldOrder(2);
    expect(order.indexOf("name")).toBeLessThan(order.indexOf("price"));
    expect(order.indexOf("seoDescription")).toBeLessThan(order.indexOf("option-0-type"));
    expect(order.indexOf("option-0-customPrice")).toBeLessThan(order.indexOf("option-1-type"));
  });
  it("X-VAT-1: the VAT rate and an option's standard-rated sizes are read, and a size it does not sell is named", () => {
    const read = readProductForm(
      form({
        vatRate: "zero",
        "option-0-type": "Gi",
        "option-0-price": "49.99",
        "option-0-sizes": "M1\nM4",
        "option-0-standardRatedSizes": "M4",
      }),
      true,
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.body).toMatchObject({
      vatRate: "zero",
      options: [{ type: "Gi", standardRatedSizes: ["M4"] }],
    });
    const wrong = {
      ...read.body,
      options: [{ ...(read.body.options as object[])[0], standardRatedSizes: ["M5"] }],
    };
    expect(productFieldErrors(wrong, read.slots, true)).toEqual({
      "option-0-standardRatedSizes":
        "Option 1: Each standard-rated size must be one of the option's sizes.",
    });
  });
});
