// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seeded } from "~/catalogue/seed/catalogue";
import type { LineChoice } from "~/shared/line-choice";
import { CART_STORAGE_KEY, type CartLine, serialiseCart, priceLine } from "./cart";
import { applyIntent, checkAdd, readCartForm } from "./intents";

// The page hands the product it shows (the catalogue is the server's, X-CAT-1).
const product = (id: string) => seeded(id);

/** Lets the fake server's answers arrive. */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

/**
 * A stand-in for /api/cart that applies the cart's rules (./intents.ts) to lines it keeps, and
 * records every form the store posts.
 */
function fakeServer() {
  const server = { lines: [] as CartLine[], posts: [] as Record<string, string>[] };
  vi.stubGlobal("fetch", (_url: string, init?: RequestInit) => {
    if (init?.method === "POST") {
      const form = Object.fromEntries(new URLSearchParams(init.body as string));
      server.posts.push(form);
      const read = readCartForm(new URLSearchParams(form) as unknown as FormData);
      if (read.ok) {
        const { intent } = read;
        const next =
          intent.intent === "add"
            ? applyIntent(server.lines, {
                intent: "add",
                choice: (
                  checkAdd(intent.fields, product(intent.fields.productId)) as {
                    choice: LineChoice;
                  }
                ).choice,
              })
            : applyIntent(server.lines, intent);
        if (next.ok) {
          server.lines = next.lines.map((line) => priceLine(line, product(line.productId)).line!);
        }
      }
    }
    return Promise.resolve(Response.json({ lines: server.lines, discountCode: null }));
  });
  return server;
}

async function freshStore() {
  vi.resetModules();
  const store = await import("./store");
  // The line rules load when the page is idle (issue 51 item 5); here, before the first add.
  await store.prepareCartPricing();
  return store;
}

// useCart is a hook; the store's state is read through a subscribed render in the e2e tests.
// Here the actions are checked through what they persist and through a subscription.
describe("cart store", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("S-CART-6: an add sets the notification flag for 3000 ms", async () => {
    fakeServer();
    const { cartActions, ADDED_NOTICE_MS } = await freshStore();
    const { renderHook, act } = await import("@testing-library/react");
    const { useCart } = await import("./store");
    const { result } = renderHook(() => useCart());
    act(() => {
      void cartActions.add(
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

  it("X-PF-2 X-PE-1: an add before the line rules have loaded goes to the server in the same task, and is shown and flagged when it answers", async () => {
    const server = fakeServer();
    vi.resetModules();
    // Not freshStore(): the line rules are not loaded (they come when the page is idle).
    const { cartActions, useCart } = await import("./store");
    const { renderHook, act } = await import("@testing-library/react");
    const { result } = renderHook(() => useCart());
    await act(() => settle());
    let answer: Promise<string | null> | undefined;
    act(() => {
      answer = cartActions.addStandard(product("water-bottle"));
    });
    // Sent before anything else happens: a page left at once still keeps the line.
    await Promise.resolve();
    expect(server.posts.at(-1)).toMatchObject({
      intent: "add",
      productId: "water-bottle",
      quantity: "1",
    });
    await act(async () => {
      expect(await answer).toBeNull();
    });
    expect(result.current.lines.map((l) => [l.productId, l.quantity])).toEqual([
      ["water-bottle", 1],
    ]);
    expect(result.current.justAdded).toBe(true);
  });

  it("X-PE-1 X-CART-1: changes go to the server's cart, and another tab's change is read from it", async () => {
    const server = fakeServer();
    const { cartActions } = await freshStore();
    const { renderHook, act } = await import("@testing-library/react");
    const { useCart, CART_CHANGED_KEY } = await import("./store");
    const { result } = renderHook(() => useCart());
    await act(() => settle());
    expect(result.current.ready).toBe(true);
    act(() => {
      void cartActions.add(
        { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 2 },
        product("knee-pads"),
      );
    });
    // Shown at once, before the server answers.
    expect(result.current.lines.map((l) => [l.productId, l.quantity])).toEqual([["knee-pads", 2]]);
    await act(() => settle());
    expect(server.posts.at(-1)).toMatchObject({
      intent: "add",
      productId: "knee-pads",
      optionType: "Standard",
      size: "N/A",
      quantity: "2",
    });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();

    // Another tab added a bottle: the ping makes this tab read the server's cart again.
    server.lines = [
      priceLine(
        { productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 5 },
        product("water-bottle"),
      ).line!,
    ];
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: CART_CHANGED_KEY, newValue: "1" }));
    });
    await act(() => settle());
    expect(result.current.lines.map((l) => [l.productId, l.quantity])).toEqual([
      ["water-bottle", 5],
    ]);
  });

  it("X-PE-1: a cart kept in the browser's storage moves to the server once, silently", async () => {
    const kept = serialiseCart([
      priceLine(
        { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 3 },
        product("knee-pads"),
      ).line!,
    ]);
    localStorage.setItem(CART_STORAGE_KEY, kept);
    const server = fakeServer();
    await freshStore();
    const { renderHook, act } = await import("@testing-library/react");
    const { useCart } = await import("./store");
    const { result } = renderHook(() => useCart());
    await act(() => settle());
    expect(server.posts).toEqual([{ intent: "merge", lines: kept }]);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(result.current.lines.map((l) => [l.productId, l.quantity])).toEqual([["knee-pads", 3]]);
  });

  it("S-CART-3: +1, -1 (never below 1), remove and clear", async () => {
    const server = fakeServer();
    const { cartActions } = await freshStore();
    const { renderHook, act } = await import("@testing-library/react");
    const { useCart } = await import("./store");
    const { result } = renderHook(() => useCart());
    await act(() => settle());
    act(() => {
      void cartActions.add(
        { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 1 },
        product("knee-pads"),
      );
      void cartActions.add(
        {
          productId: "water-bottle",
          optionType: "Standard",
          size: "N/A",
          quantity: 1,
        },
        product("water-bottle"),
      );
    });
    await act(() => settle());
    act(() => cartActions.increment(0));
    expect(result.current.lines[0]?.quantity).toBe(2);
    await act(() => settle());
    act(() => {
      cartActions.decrement(0);
      cartActions.decrement(0);
    });
    expect(result.current.lines[0]?.quantity).toBe(1);
    await act(() => settle());
    act(() => cartActions.remove(0));
    expect(result.current.lines.map((l) => l.productId)).toEqual(["water-bottle"]);
    await act(() => settle());
    act(() => cartActions.clear());
    expect(result.current.lines).toEqual([]);
    await act(() => settle());
    expect(server.posts.map((p) => [p.intent, p.quantity])).toEqual([
      ["add", "1"],
      ["add", "1"],
      ["update", "2"],
      ["update", "1"],
      ["update", "1"],
      ["remove", undefined],
      ["clear", undefined],
    ]);
    expect(server.lines).toEqual([]);
  });

  it("X-CART-1: a corrupt stored cart starts empty", async () => {
    localStorage.setItem(CART_STORAGE_KEY, "{{{");
    fakeServer();
    await freshStore();
    const { renderHook } = await import("@testing-library/react");
    const { useCart } = await import("./store");
    const { result } = renderHook(() => useCart());
    expect(result.current.lines).toEqual([]);
  });
});
