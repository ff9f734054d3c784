import { useSyncExternalStore } from "react";
import {
  addLine,
  CART_STORAGE_KEY,
  type CartLine,
  type NewCartLine,
  parseStoredCart,
  priceLine,
  removeLine,
  serialiseCart,
  setQuantity,
} from "./cart";

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

function readStorage(): CartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

function ensureLoaded() {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  state = { ...state, lines: readStorage() };
  // Another tab changed the cart: take its version, so every tab shows the same cart (X-CART-1).
  window.addEventListener("storage", (event) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    state = { ...state, lines: readStorage() };
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
   * Prices the line from the catalogue and adds it; false when the catalogue refuses it, or
   * when the cart already has MAX_CART_LINES other lines (checkout takes no more).
   */
  add(input: NewCartLine): boolean {
    ensureLoaded();
    const { line } = priceLine(input);
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
  },
  closePanel() {
    state = { ...state, panelOpen: false };
    emit();
  },
};
