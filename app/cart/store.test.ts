// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seeded } from "~/catalogue/seed/catalogue";
import { CART_STORAGE_KEY, serialiseCart, priceLine } from "./cart";

// The page hands the product it shows (the catalogue is the server's, X-CAT-1).
const product = (id: string) => seeded(id);

async function freshStore() {
  vi.resetModules();
  return import("./store");
}

// useCart is a hook; the store's state is read through a subscribed render in the e2e tests.
// Here the actions are checked through what they persist and through a subscription.
describe("cart store", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("S-CART-6: an add sets the notification flag for 3000 ms", async () => {
    const { cartActions, ADDED_NOTICE_MS } = await freshStore();
    const { renderHook, act } = await import("@testing-library/react");
    const { useCart } = await import("./store");
    const { result } = renderHook(() => useCart());
    act(() => {
      cartActions.add(
        {
          productId: "water-bottle",
          optionType: "Standard",
          size: "N/A",
          quantity: 1,
        },
        product("water-bottle"),
      );
    });
    expect(ADDED_NOTICE_MS).toBe(3000);
    expect(result.current.justAdded).toBe(true);
    act(() => vi.advanceTimersByTime(2999));
    expect(result.current.justAdded).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.justAdded).toBe(false);
  });

  it("X-CART-1: changes are written to localStorage, and another tab's changes are taken", async () => {
    const { cartActions } = await freshStore();
    const { renderHook, act } = await import("@testing-library/react");
    const { useCart } = await import("./store");
    const { result } = renderHook(() => useCart());
    act(() => {
      cartActions.add(
        { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 2 },
        product("knee-pads"),
      );
    });
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).lines).toEqual([
      {
        productId: "knee-pads",
        optionType: "Standard",
        size: "N/A",
        quantity: 2,
        productName: "Knee Pads",
        unitPricePence: 2499,
        image: "/images/products/knee-pads/front.svg",
        href: "/product/knee-pads",
      },
    ]);

    const otherTab = serialiseCart([
      priceLine(
        { productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 5 },
        product("water-bottle"),
      ).line!,
    ]);
    localStorage.setItem(CART_STORAGE_KEY, otherTab);
    act(() => {
      window.dispatchEvent(
        new StorageEvent("storage", { key: CART_STORAGE_KEY, newValue: otherTab }),
      );
    });
    expect(result.current.lines.map((l) => [l.productId, l.quantity])).toEqual([
      ["water-bottle", 5],
    ]);
  });

  it("S-CART-3: +1, -1 (never below 1), remove and clear", async () => {
    const { cartActions } = await freshStore();
    const { renderHook, act } = await import("@testing-library/react");
    const { useCart } = await import("./store");
    const { result } = renderHook(() => useCart());
    act(() => {
      cartActions.add(
        { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 1 },
        product("knee-pads"),
      );
      cartActions.add(
        {
          productId: "water-bottle",
          optionType: "Standard",
          size: "N/A",
          quantity: 1,
        },
        product("water-bottle"),
      );
    });
    act(() => cartActions.increment(0));
    expect(result.current.lines[0]?.quantity).toBe(2);
    act(() => {
      cartActions.decrement(0);
      cartActions.decrement(0);
    });
    expect(result.current.lines[0]?.quantity).toBe(1);
    act(() => cartActions.remove(0));
    expect(result.current.lines.map((l) => l.productId)).toEqual(["water-bottle"]);
    act(() => cartActions.clear());
    expect(result.current.lines).toEqual([]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe(serialiseCart([]));
  });

  it("X-CART-1: a corrupt stored cart starts empty", async () => {
    localStorage.setItem(CART_STORAGE_KEY, "{{{");
    await freshStore();
    const { renderHook } = await import("@testing-library/react");
    const { useCart } = await import("./store");
    const { result } = renderHook(() => useCart());
    expect(result.current.lines).toEqual([]);
  });
});
