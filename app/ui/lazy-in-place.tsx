import { lazy, memo, type ReactNode, Suspense } from "react";

type Part<P> = (props: P) => ReactNode;

const loading: Promise<unknown>[] = [];

/**
 * In the browser, the moment after the page's first paint: a part's code is asked for then, not
 * while the page is still painting (on a phone the page has long painted when its code runs;
 * Lighthouse's simulation counts a script asked for before the first paint as holding it, issue
 * 51 item 4). A tab in the background does not paint: then a second at most. On the server, at
 * once.
 */
export function afterFirstPaint(): Promise<void> {
  if (typeof document === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 1000);
  });
}
/** Every part's code, loaded: the server awaits this before it renders a page (entry.server), so
 *  a part is always drawn in place, on an error page too. */
export const everyPartReady = (): Promise<unknown> => Promise.all(loading);

/**
 * A part of a page that is not in the page's first load (X-PERF-2) but is rendered in place by the
 * server: entry.server awaits every part's code (`everyPartReady`) so no server render waits for
 * it; in the browser its module is asked for after the first paint, and React keeps the server's
 * HTML of it until the code arrives. The size finder, back-in-stock, the reviews, the header's
 * search, the footer, the splash's markup, the test-shop band and the kids pages' sizing block use
 * it.
 */
export function lazyInPlace<P extends object>(load: () => Promise<Part<P>>) {
  let loaded: { default: Part<P> } | undefined;
  const ready: Promise<unknown> = afterFirstPaint()
    .then(load)
    .then((part) => (loaded = { default: part }));
  loading.push(ready);
  // Once loaded, a thenable that answers at once (React.lazy then renders without suspending:
  // a promise's `then` would answer a moment later, after the render).
  const Lazy = lazy<Part<P>>(() =>
    loaded
      ? ({ then: (resolve: (value: { default: Part<P> }) => void) => resolve(loaded!) } as never)
      : (ready as Promise<{ default: Part<P> }>),
  );
  function InPlace(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  // Memoised: a parent's render with the same props leaves a part still waiting for its code as
  // the server drew it (React drops a waiting part's server HTML when its props change; the
  // caller keeps its props stable).
  return { Component: memo(InPlace) as unknown as typeof InPlace };
}
