import { lazy, memo, type ReactNode, Suspense } from "react";

type Part<P> = (props: P) => ReactNode;

/**
 * A part of a page that is not in the page's first load (X-PERF-2) but is rendered in place by the
 * server: its module is fetched as soon as this runs; a loader awaits `ready` so no server render
 * waits for it, and in the browser React keeps the server's HTML of it until the code arrives.
 * The size finder uses it (the reviews, first, have the same in their own file).
 */
export function lazyInPlace<P extends object>(load: () => Promise<Part<P>>) {
  let loaded: { default: Part<P> } | undefined;
  const ready: Promise<unknown> = load().then((part) => (loaded = { default: part }));
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
  return { ready, Component: memo(InPlace) as unknown as typeof InPlace };
}
