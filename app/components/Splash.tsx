import { Wordmark } from "./Wordmark";

/**
 * The splash's markup. Everything it does is in SPLASH_SCRIPT (./SplashScript.tsx), which runs before the page's code
 * (issue 51 item 5: no hook to hydrate): the CSS animation holds it 3000 ms and fades it over
 * 300 ms, and when that ends (its animationend, caught on the window, before or after hydration),
 * or at any key, tap, wheel or scroll, the script takes it away.
 */
export function Splash() {
  return (
    <div
      className="splash fixed inset-0 z-[100] items-center justify-center bg-ink"
      data-testid="splash"
      aria-hidden="true"
    >
      {/* A logotype (no contrast requirement, WCAG 1.4.3) that fades with the splash: inert, so it
          is never focused or hit, and checkers skip its passing contrast mid-fade. The overlay
          itself takes a tap, which dismisses it. */}
      <div className="splash-logo flex flex-col items-center gap-3 text-paper" inert>
        <Wordmark className="text-5xl sm:text-7xl" />
        <span className="text-xs tracking-[0.4em] text-stone uppercase">The Grip Is The Truth</span>
      </div>
    </div>
  );
}
