import { lazyInPlace } from "~/ui/lazy-in-place";

/**
 * The product page's "Find my size" (X-FIT-1) is not part of the page's first load (X-PERF-2),
 * as the reviews are not: `entry.server.tsx` awaits every part's code, so the server renders it
 * in place, and in the browser React keeps the server's HTML of it until its code has arrived.
 * Until then it is what it is without JavaScript: a <details> that opens and a form that posts.
 */
const slot = lazyInPlace(() => import("./SizeFinder").then((module) => module.SizeFinder));
export const SizeFinder = slot.Component;
