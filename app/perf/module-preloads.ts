/**
 * The page's script files asked for at low priority, the every-page file first (issue 51 item 4,
 * X-PF-6). React Router names each file the first load needs in a `<link rel="modulepreload">`,
 * which Chromium fetches at High priority, and Lighthouse's simulation (Lantern, what PageSpeed
 * Insights shows) counts every High-priority script that ended before the first paint of its
 * unthrottled load as holding that paint: it replays about 120 KB of script on its slow link
 * before the first paint (FCP 2.0-2.2 s, against about 1.0 s without them). A real browser does
 * not wait for them to paint (`npm run bench:floors`: the first paint is within 1.0-1.3× the
 * page's no-JS copy). At low priority Lantern leaves them out of the first paint.
 *
 * What low priority could cost a real phone: on HTTP/1.1, Chromium lets one low-priority request
 * at a time go while higher ones started in the head (fonts, the first pictures) are under way.
 * Asking for the every-page file (React, React Router and the shop's shared code, nine tenths of
 * the bytes) first keeps that wait off the file that decides hydration; the small ones follow
 * it. Measured alternately with `npm run bench:floors` on both links: hydration no later
 * (docs/performance.md, "PageSpeed's score"). Over HTTP/2 Chromium does not hold them back.
 */

/** The file name prefix vite.config.ts gives the every-page script file. */
export const EVERY_PAGE_CHUNK = "every-page";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const isEveryPage = (link: string) => link.includes(`/${EVERY_PAGE_CHUNK}-`);

/** The page's module preloads at low priority, the every-page file's first; all else as it was. */
export function lowPriorityModulePreloads(html: string): string {
  const links = html.match(MODULE_PRELOAD);
  if (!links) return html;
  const ordered = [...links.filter(isEveryPage), ...links.filter((link) => !isEveryPage(link))];
  let next = 0;
  return html.replace(MODULE_PRELOAD, () =>
    ordered[next++]!.replace("<link ", '<link fetchpriority="low" '),
  );
}
