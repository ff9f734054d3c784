// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { StockTable } from "./StockTable";
import { matchingProducts, stockFieldName } from "./stock-form";

afterEach(cleanup);

const products = [
  {
    productId: "mens-grip-truth-hoodie",
    productName: "Mens Grip Truth Hoodie",
    variants: [
      {
        productId: "mens-grip-truth-hoodie",
        optionType: "Hoodies",
        size: "M",
        color: "Grey",
        quantity: 2,
      },
      {
        productId: "mens-grip-truth-hoodie",
        optionType: "Hoodies",
        size: "M",
        color: "Black",
        quantity: null,
      },
    ],
  },
  {
    productId: "knee-pads",
    productName: "Knee Pads",
    variants: [
      { productId: "knee-pads", optionType: "Standard", size: "N/A", color: "", quantity: 0 },
    ],
  },
];

describe("StockTable", () => {
  it("X-STK-1: a labelled table and form per product, a number or made to order per variant", async () => {
    const Stub = createRoutesStub([
      { path: "/admin/stock", Component: () => <StockTable products={products} /> },
    ]);
    render(<Stub initialEntries={["/admin/stock"]} />);
    const hoodie = await screen.findByRole("form", { name: /Mens Grip Truth Hoodie/ });
    const grey = within(hoodie).getByLabelText(
      "Quantity of Mens Grip Truth Hoodie, Hoodies, size M, Grey",
    );
    expect(grey).toHaveProperty("value", "2");
    expect(grey).toHaveProperty("name", stockFieldName(products[0]!.variants[0]!));
    const black = within(hoodie).getByLabelText(
      "Quantity of Mens Grip Truth Hoodie, Hoodies, size M, Black",
    );
    expect(black).toHaveProperty("value", "");
    expect(within(hoodie).getByRole("row", { name: /size M, Black Made to order/ })).toBeTruthy();
    const pads = screen.getByRole("form", { name: /Knee Pads/ });
    expect(within(pads).getByRole("row", { name: /Standard Sold out/ })).toBeTruthy();
    expect(within(pads).getByRole("button", { name: "Save Knee Pads" })).toBeTruthy();
  });

  it("X-STK-1: grouped by product and collapsed unless asked open, each saying what is stocked and low", async () => {
    const Stub = createRoutesStub([
      {
        path: "/admin/stock",
        Component: () => <StockTable products={products} open={["knee-pads"]} />,
      },
    ]);
    render(<Stub initialEntries={["/admin/stock"]} />);
    const groups = await screen.findAllByTestId("stock-product");
    expect(groups.map((g) => (g as HTMLDetailsElement).open)).toEqual([false, true]);
    expect(groups[0]!.querySelector("summary")!.textContent).toBe(
      "Mens Grip Truth Hoodie1 stocked · 1 at 3 or fewer · 1 made to order",
    );
  });

  it("X-STK-1: the search finds products by every word of their name or id, any case", () => {
    const ids = (q: string) => matchingProducts(products, q).map((p) => p.productId);
    expect(ids("")).toEqual(["mens-grip-truth-hoodie", "knee-pads"]);
    expect(ids("HOODIE mens")).toEqual(["mens-grip-truth-hoodie"]);
    expect(ids("knee-pads")).toEqual(["knee-pads"]);
    expect(ids("gi hoodie womens")).toEqual([]);
  });
});
