import { lazyInPlace } from "~/ui/lazy-in-place";

/**
 * The product page's "E-mail me when it's back" (X-FIT-3) loads beside the page's code, not in its
 * first load (X-PERF-2); `entry.server.tsx` awaits every part's code, so the server renders it
 * in place. It is a plain form: it works the same before its code arrives.
 */
const slot = lazyInPlace(() =>
  import("./BackInStockForm").then((module) => module.BackInStockForm),
);
export const BackInStockForm = slot.Component;
