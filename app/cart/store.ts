import { useSyncExternalStore } from "react";
import type { Product } from "~/catalogue/types";
import {
  addLine,
  CART_STORAGE_KEY,
  type CartLine,
  lineKey,
  type NewCartLine,
  removeLine,
  setQuantity,
  standardLine,
} from "./lines";
import type * as CartRules from "./cart";
import { afterFirstPaint } from "~/ui/lazy-in-place";

/** The line rules (./cart.ts), not in every page's first load (issue 51 item 5): the store
 *  fetches them as soon as the page is idle; an add before they are here goes to the server
 *  without waiting for them. */
type Pricing = typeof CartRules;
let pricing: Pricing | undefined;
const loadPricing = (): Promise<Pricing> => import("./cart").then((module) => (pricing = module));

/** Loads the line rules now (the store does it when the page is idle): an add then shows at once. */
export function prepareCartPricing(): Promise<unknown> {
  return loadPricing();
}

/** How long the "Added to Cart!" flag stays set after an add (S-CART-6). */
export const ADDED_NOTICE_MS = 3000;

/** Where the cart's forms post without JavaScript (app/routes/cart.tsx). */
export const CART_PAGE = "/cart";
/** Where the cart's script reads and changes the cart kept on the server (app/routes/api.cart.ts). */
export const CART_API_PATH = "/api/cart";
/** Written to the browser's storage after each change, so other tabs read the cart again. */
export const CART_CHANGED_KEY = "gt-cart-changed";

export interface CartState {
  lines: readonly CartLine[];
  /** The discount code kept with the cart, as the server last said. */
  discountCode: string | null;
  /** Set for 3 s after an add: the toast shows while it is set. */
  justAdded: boolean;
  panelOpen: boolean;
  /** True once the server has answered with the cart; until then `lines` is empty. */
  ready: boolean;
}

/** The cart as the server answers it (GET and POST /api/cart). */
interface CartAnswer {
  lines: CartLine[];
  discountCode: string | null;
}

const EMPTY: CartState = {
  lines: [],
  discountCode: null,
  justAdded: false,
  panelOpen: false,
  ready: false,
};

let state: CartState = EMPTY;
let loaded = false;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
/** Changes go to the server one after another, in the order they were made. */
let queue: Promise<unknown> = Promise.resolve();
/** The number of the last request sent: only its answer replaces the lines shown. */
let sent = 0;

function emit() {
  for (const listener of listeners) listener();
}

function take(answer: CartAnswer, asked: number) {
  if (asked !== sent || !Array.isArray(answer.lines)) return;
  state = { ...state, lines: answer.lines, discountCode: answer.discountCode ?? null, ready: true };
  emit();
}

function tellOtherTabs() {
  try {
    window.localStorage.setItem(CART_CHANGED_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode): other tabs see the change when they next load.
  }
}

/**
 * Sends one of the cart's actions (the same form fields as POST /cart) after those before it;
 * the server's cart replaces the one shown. The server's sentence when it refuses, else null.
 */
function send(fields: Record<string, string>): Promise<string | null> {
  const asked = ++sent;
  const run = async (): Promise<string | null> => {
    try {
      // keepalive: a change shown at once is not lost when the customer leaves the page straight
      // away (a link, a reload); the request, and the cookie it answers with, outlive the page.
      const response = await fetch(CART_API_PATH, {
        method: "POST",
        body: new URLSearchParams(fields),
        keepalive: true,
      });
      const body = (await response.json().catch(() => ({}))) as CartAnswer & {
        error?: string;
        cart?: CartAnswer;
      };
      if (response.ok) {
        take(body, asked);
        tellOtherTabs();
        return null;
      }
      if (body.cart) take(body.cart, asked);
      else void reload();
      return typeof body.error === "string" ? body.error : CHANGE_FAILED;
    } catch {
      void reload();
      return CHANGE_FAILED;
    }
  };
  const result = queue.then(run);
  queue = result;
  return result;
}

const CHANGE_FAILED = "Sorry, your cart could not be changed. Please refresh and try again.";

/** Reads the cart from the server again (another tab changed it, the panel opened), after the
 *  changes already on their way. */
function reload(): Promise<unknown> {
  const asked = sent;
  const run = async () => {
    try {
      const response = await fetch(CART_API_PATH, { headers: { accept: "application/json" } });
      if (response.ok) take((await response.json()) as CartAnswer, asked);
    } catch {
      // Offline: the cart shown stays until the next answer.
    }
  };
  queue = queue.then(run);
  return queue;
}

function ensureLoaded() {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  // A cart kept in this browser's storage (before carts lived on the server) moves over once.
  let kept: string | null;
  try {
    kept = window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    kept = null;
  }
  // The server reads it (an unreadable one moves nothing) and answers with the cart.
  if (kept) {
    void send({ intent: "merge", lines: kept }).then((error) => {
      if (error === null) window.localStorage.removeItem(CART_STORAGE_KEY);
    });
  } else {
    void reload();
  }
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  // After the first paint (app/ui/lazy-in-place.tsx: Lighthouse counts a script asked for before
  // it as holding it), when the page is idle.
  void afterFirstPaint().then(() => idle(() => void loadPricing()));
  // Another tab changed the cart, or the page came back from the browser's history.
  window.addEventListener("storage", (event) => {
    if (event.key === CART_CHANGED_KEY || event.key === null) void reload();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) void reload();
  });
}

/** Shows a change at once, before the server's answer replaces it. */
function show(lines: CartLine[]) {
  state = { ...state, lines };
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

const formOf = (line: NewCartLine): Record<string, string> => ({
  intent: "add",
  productId: line.productId,
  optionType: line.optionType,
  size: line.size,
  beltRank: line.beltRank ?? "",
  color: line.color ?? "",
  customText: line.customText ?? "",
  nameCustomisation: line.nameCustomisation ? "true" : "",
  quantity: String(line.quantity),
});

const ADD_FAILED = "Sorry, this item could not be added. Please refresh and try again.";

/** The "Added to Cart!" flag, set for ADDED_NOTICE_MS (S-CART-6). */
function flagAdded() {
  clearTimeout(noticeTimer);
  state = { ...state, justAdded: true };
  emit();
  noticeTimer = setTimeout(() => {
    state = { ...state, justAdded: false };
    emit();
  }, ADDED_NOTICE_MS);
}

function unflagAdded() {
  clearTimeout(noticeTimer);
  state = { ...state, justAdded: false };
  emit();
}

/** Adds a line priced by the line rules: shown and announced at once, then sent. */
function addPriced(rules: Pricing, input: NewCartLine, product: Product): Promise<string | null> {
  const { line, problem } = rules.priceLine(input, product);
  const lines = line && addLine(state.lines, line);
  if (!lines) return Promise.resolve(problem ?? ADD_FAILED);
  show(lines);
  flagAdded();
  return send(formOf(input)).then((error) => {
    if (error) unflagAdded();
    return error;
  });
}

export const cartActions = {
  /**
   * Adds the line (POST /api/cart): shown and announced at once, priced from the product as the
   * page was given it; the server checks and prices it again and its cart replaces this one.
   * Resolves to the sentence why not when it is refused (here or by the server), else null.
   */
  add(input: NewCartLine, product: Product): Promise<string | null> {
    ensureLoaded();
    if (pricing) return addPriced(pricing, input, product);
    // A tap before the rules are here (they load when the page is idle): the server hears of it
    // in the same task, so a page left straight away keeps the line, and its answer shows it.
    void loadPricing();
    return send(formOf(input)).then((error) => {
      if (!error) flagAdded();
      return error;
    });
  },
  /** One of a product without options: Standard, size N/A (S-PDP-7, S-ACC-3, S-ACC-4). */
  addStandard(product: Product): Promise<string | null> {
    return cartActions.add(standardLine(product.id), product);
  },
  remove(index: number) {
    const line = state.lines[index];
    if (!line) return;
    show(removeLine([...state.lines], index));
    void send({ intent: "remove", line: lineKey(line) });
  },
  setQuantity(index: number, quantity: number) {
    const line = state.lines[index];
    if (!line) return;
    const lines = setQuantity([...state.lines], index, quantity);
    show(lines);
    void send({ intent: "update", line: lineKey(line), quantity: String(lines[index]!.quantity) });
  },
  increment(index: number) {
    const line = state.lines[index];
    if (line) cartActions.setQuantity(index, line.quantity + 1);
  },
  decrement(index: number) {
    const line = state.lines[index];
    if (line) cartActions.setQuantity(index, line.quantity - 1);
  },
  clear() {
    show([]);
    void send({ intent: "clear" });
  },
  /** The order is paid and the server emptied the cart: read it again. */
  reload() {
    ensureLoaded();
    void reload();
  },
  openPanel() {
    state = { ...state, panelOpen: true };
    emit();
    void reload();
  },
  closePanel() {
    state = { ...state, panelOpen: false };
    emit();
  },
};
