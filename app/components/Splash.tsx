import { Wordmark } from "./Wordmark";

const SEEN_KEY = "gt-splash-seen";

/** Search engines' and link previews' robots that run scripts: they get the page, never the
 *  splash over it (issue 38 item 7). */
const CRAWLERS = /bot\b|crawler|spider|slurp|bingpreview|facebookexternalhit|embedly/i;

/** What takes the splash away at once, before or after the page's code runs (X-A11Y-6). */
const DISMISS_EVENTS = ["keydown", "pointerdown", "wheel", "touchstart", "scroll"];

/**
 * Runs before first paint: shows the splash only on the first page load of a browser session
 * (S-GLB-5), and never to a visitor who prefers reduced motion. Without JavaScript there is no
 * splash at all, nor for a crawler that runs scripts, and the page is always rendered underneath,
 * so the splash never hides content from search engines. It never hides the focus either (WCAG 2.4.11, X-A11Y-6): any key, tap,
 * wheel or scroll takes it away at once, listened for here so that works before hydration too.
 * The session counts it as seen as soon as it shows.
 */
export const SPLASH_SCRIPT = `(function(){try{if(!sessionStorage.getItem("${SEEN_KEY}")&&!matchMedia("(prefers-reduced-motion: reduce)").matches&&!${CRAWLERS}.test(navigator.userAgent)){var r=document.documentElement,e=${JSON.stringify([...DISMISS_EVENTS, "animationend"])},o={capture:true,passive:true},f=function(x){if(x.type!=="animationend"||x.animationName==="splash-out"){r.classList.remove("show-splash");e.forEach(function(t){removeEventListener(t,f,o)})}};r.classList.add("show-splash");e.forEach(function(t){addEventListener(t,f,o)});sessionStorage.setItem("${SEEN_KEY}","1")}}catch(x){}})()`;

/**
 * The splash's markup. Everything it does is in SPLASH_SCRIPT, which runs before the page's code
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
