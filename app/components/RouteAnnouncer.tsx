import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After an in-app page change (X-A11Y-3): the focus moves to the new page's main heading, which
 * the screen reader reads; when the new page put the focus on its own message instead (or has no
 * heading), the page's title is said in the document's one polite live region. Not on the first load (the
 * browser reads a loaded page itself), not when only the query or the hash changed (a filter, a
 * sort), and not when the new page has already put the focus on its own message (a "created" or
 * "saved" answer, an error summary: an element that is focusable only from script).
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // Parents' effects run after their children's: the new page has rendered and set its title.
    const main =
      document.getElementById("admin-main") ??
      document.getElementById("main") ??
      document.querySelector("main");
    const active = document.activeElement;
    const tookFocus =
      active instanceof HTMLElement &&
      active !== main &&
      active.getAttribute("tabindex") === "-1" &&
      !active.matches("h1");
    const heading = tookFocus ? null : main?.querySelector("h1");
    if (!tookFocus) {
      const target = heading ?? main;
      if (target) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus({ preventScroll: true });
      }
    }
    // Said once (issue 56): a focused heading is read by the screen reader itself, so the region
    // speaks only when the focus went elsewhere (the page's own message, or a page with no
    // heading), and then it says which page this is.
    setAnnouncement(heading ? "" : document.title || "");
  }, [pathname]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
