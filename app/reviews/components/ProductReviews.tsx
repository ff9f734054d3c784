import type { ComponentProps } from "react";
import { lazyInPlace } from "~/ui/lazy-in-place";
import type { ReviewsSection } from "./ReviewsSection";

/**
 * The product page's reviews, below the fold, are not part of the page's first load (X-PERF-2:
 * about 1.8 KB of gzip). The module is fetched as soon as this one runs. The server renders the
 * reviews into the page's HTML: `entry.server.tsx` awaits every part's code first
 * (`everyPartReady`), so no render waits for it (a waiting part would be streamed after the page,
 * which a browser without JavaScript never shows). In the browser the code arrives beside the
 * page's own; until it has, React keeps the server's HTML of the reviews as it is while the rest
 * of the page hydrates.
 * React drops a click on them in that time rather than replay it; "Write a review" and "See More"
 * are links, so such a tap opens the reviews' own pages (../paths.ts) instead of being lost.
 */
const part = lazyInPlace<ComponentProps<typeof ReviewsSection>>(() =>
  import("./ReviewsSection").then((module) => module.ReviewsSection),
);
export const ProductReviews = part.Component;
