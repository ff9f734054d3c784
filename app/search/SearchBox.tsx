import { Search } from "~/ui/icons/search";
import { X } from "~/ui/icons/x";
import { lazyInPlace } from "~/ui/lazy-in-place";

/** The header's button that shows and hides the search (S-SRCH), in the first load. */
export function SearchToggle({
  open,
  panelId,
  onOpenChange,
  buttonRef,
}: {
  open: boolean;
  panelId: string;
  onOpenChange: (open: boolean) => void;
  buttonRef: React.RefObject<HTMLButtonElement | null>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="rounded p-2 hover:text-accent-bright noscript:hidden"
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={open ? "Close search" : "Search"}
      onClick={() => onOpenChange(!open)}
    >
      {open ? (
        <X aria-hidden="true" className="size-6" />
      ) : (
        <Search aria-hidden="true" className="size-6" />
      )}
    </button>
  );
}

/**
 * The search itself (./SearchPanel.tsx) is not in any page's first load (issue 51 item 5): the
 * server waits for its code (entry.server) and renders it in place, and in the browser React
 * keeps that HTML, a plain GET form to /search, until the code arrives. A tap on the search
 * button before then opens the panel as soon as it has.
 */
const panel = lazyInPlace(() => import("./SearchPanel").then((module) => module.SearchPanel));
export const SearchPanel = panel.Component;
