import { useSyncExternalStore } from "react";
import { NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import type { Product } from "~/catalogue/types";
import type { LineChoice } from "~/shared/line-choice";
import {
  addLine,
  CART_STORAGE_KEY,
  type CartLine,
  lineChoice,
  type NewCartLine,
  parseStoredCart,
  priceLine,
  removeLine,
  serialiseCart,
  setQuantity,
  type StoredCart,
} from "./cart";
import { CART_PRICES_PATH, type CartPrices } from "./prices";

/** How long the "Added to Cart!" flag stays set after an add (S-CART-6). */
export const ADDED_NOTICE_MS = 3000;

export interface CartState {
  lines: readonly CartLine[];
  /** Set for 3 s after an add: the toast shows while it is set. */
  justAdded: boolean;
  panelOpen: boolean;
}

const EMPTY: CartState = { lines: [], justAdded: false, panelOpen: false };

let state: CartState = EMPTY;
let loaded = false;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function readStorage(): StoredCart {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return { lines: [], unpriced: [] };
  }
}

/**
 * Asks the server for the price of every line now (X-CAT-3): the catalogue lives on the server,
 * so a price the owner changed, a sale, or a product that has left the shop shows in the cart.
 * `unpriced` are stored lines without a price yet (a cart kept by an older version). An answer
 * that arrives after the cart changed is dropped; the next load or opening asks again.
 */
async function refreshPrices(unpriced: readonly LineChoice[] = []) {
  const asked = state.lines;
  const choices = [...asked.map(lineChoice), ...unpriced];
  if (choices.length === 0) return;
  let answer: CartPrices;
  try {
    const response = await fetch(CART_PRICES_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cartItems: choices }),
    });
    if (!response.ok) return;
    answer = (await response.json()) as CartPrices;
  } catch {
    return;
  }
  if (state.lines !== asked || !Array.isArray(answer.lines)) return;
  const lines = answer.lines.reduce<CartLine[]>((kept, priced, index) => {
    const before = asked[index];
    if (priced.line) return addLine(kept, priced.line) ?? kept;
    // Sold once, not now: kept, and shown with the sentence until the customer removes it.
    if (priced.gone && before) return [...kept, { ...before, problem: priced.problem }];
    return kept;
  }, []);
  setLines(lines);
}

function ensureLoaded() {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  const stored = readStorage();
  state = { ...state, lines: stored.lines };
  void refreshPrices(stored.unpriced);
  // Another tab changed the cart: take its version, so every tab shows the same cart (X-CART-1).
  window.addEventListener("storage", (event) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    state = { ...state, lines: readStorage().lines };
    emit();
  });
}

function setLines(lines: CartLine[]) {
  state = { ...state, lines };
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, serialiseCart(lines));
  } catch {
    // Storage full or refused (private mode): the cart still works for this page.
  }
  emit();
}

function subscribe(listener: () => void) {
  ensureLoaded();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): CartState {
  ensureLoaded();
  return state;
}

export function useCart(): CartState {
  return useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
}

export const cartActions = {
  /**
   * Prices the line from its product as the page was given it and adds it; false when the
   * product refuses it, or when the cart already has MAX_CART_LINES other lines (checkout takes
   * no more). The server prices it again at checkout.
   */
  add(input: NewCartLine, product: Product): boolean {
    ensureLoaded();
    const { line } = priceLine(input, product);
    const lines = line && addLine(state.lines, line);
    if (!lines) return false;
    setLines(lines);
    clearTimeout(noticeTimer);
    state = { ...state, justAdded: true };
    emit();
    noticeTimer = setTimeout(() => {
      state = { ...state, justAdded: false };
      emit();
    }, ADDED_NOTICE_MS);
    return true;
  },
  /** One of a product without options: Standard, size N/A (S-PDP-7, S-ACC-3, S-ACC-4). */
  addStandard(product: Product): boolean {
    return cartActions.add(
      { productId: product.id, optionType: STANDARD_OPTION, size: NO_SIZE, quantity: 1 },
      product,
    );
  },
  remove(index: number) {
    setLines(removeLine(state.lines, index));
  },
  increment(index: number) {
    const line = state.lines[index];
    if (line) setLines(setQuantity(state.lines, index, line.quantity + 1));
  },
  decrement(index: number) {
    const line = state.lines[index];
    if (line) setLines(setQuantity(state.lines, index, line.quantity - 1));
  },
  clear() {
    setLines([]);
  },
  openPanel() {
    state = { ...state, panelOpen: true };
    emit();
    void refreshPrices();
  },
  closePanel() {
    state = { ...state, panelOpen: false };
    emit();
  },
};
