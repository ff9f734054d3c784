import { type ComponentType, lazy } from "react";

/**
 * A component below the fold whose code the browser fetches after the page's first JavaScript
 * (X-PERF-2), rendered in place on the server all the same. Wrap it in <Suspense>: while the
 * browser has not got its code, React leaves the server's HTML as it is (selective hydration),
 * then hydrates it. On the server its module is loaded as the route module loads, so every
 * render has it at once (React.lazy would otherwise suspend and stream the part out of place,
 * which a reader without JavaScript could not see).
 */
export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const fetch = () => load().then((component) => (loaded = component));
  if (import.meta.env.SSR) void fetch();
  return lazy(() => {
    // Already here: a thenable that answers at once, so React renders without suspending.
    if (loaded) {
      const component = loaded;
      return {
        then: (resolve: (module: { default: ComponentType<P> }) => void) =>
          resolve({ default: component }),
      } as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return fetch().then((component) => ({ default: component }));
  });
}
