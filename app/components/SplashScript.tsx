import { createContext, useContext } from "react";
import { useTextFromServer } from "~/ui/server-text";

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

const SplashScriptContext = createContext<string | undefined>(undefined);
/** Set by entry.server with SPLASH_SCRIPT, so the script's text stays out of every page's
 *  JavaScript (issue 51 item 5): the browser reads it back from the page. */
export const SplashScriptProvider = SplashScriptContext.Provider;
export const SPLASH_SCRIPT_ID = "gt-splash-script";

/** The splash's script in the head, before the first paint. */
export function SplashScript({ nonce }: { nonce?: string }) {
  const text = useTextFromServer(SPLASH_SCRIPT_ID, useContext(SplashScriptContext));
  return <script id={SPLASH_SCRIPT_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />;
}
