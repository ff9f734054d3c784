import { lazyInPlace } from "~/ui/lazy-in-place";

/**
 * The footer, the splash's markup and the test-shop band are not in any page's first load (issue
 * 51 item 5): one file (./later-parts.ts), fetched as soon as this module runs. The server renders
 * them in place (entry.server waits for their code) and in the browser React keeps that HTML until
 * the code arrives. None needs it to work: the footer's links are links, the splash is shown and
 * taken away by its own script (./SplashScript.tsx), and the band is words.
 */
const load = () => import("./later-parts");
export const SiteFooter = lazyInPlace(() => load().then((parts) => parts.SiteFooter)).Component;
export const Splash = lazyInPlace(() => load().then((parts) => parts.Splash)).Component;
export const TestShopBand = lazyInPlace(() => load().then((parts) => parts.TestShopBand)).Component;
