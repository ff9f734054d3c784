import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { pageResults, type SearchResult, SUGGEST_PATH } from "./search";
import { SEARCH_LIMIT_PER_KIND, SEARCH_QUERY_MAX } from "~/shared/limits";

/** How long the suggestions stay after the box loses focus (S-SRCH-4), so a click can land. */
export const BLUR_HIDE_MS = 200;

/**
 * The header's search (S-SRCH): an ARIA combobox with up to 3 product and 3 page suggestions,
 * inside a plain GET form to /search, so submitting it works with JavaScript off (X-SHOP-2).
 * Loaded after the page's first load (./SearchBox.tsx).
 */
export function SearchPanel({
  open,
  panelId,
  onOpenChange,
  toggleRef,
}: {
  open: boolean;
  panelId: string;
  onOpenChange: (open: boolean) => void;
  toggleRef: React.RefObject<HTMLButtonElement | null>;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [listOpen, setListOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const baseId = useId();
  const listId = `${baseId}-list`;
  const [found, setFound] = useState<{ query: string; products: SearchResult[] }>({
    query: "",
    products: [],
  });
  const trimmed = query.trim();
  // Products come from the server (the catalogue is not in the page); the last answer is shown
  // while the next is on its way, pages at once.
  const results = [
    ...(trimmed ? found.products : []),
    ...pageResults(query, SEARCH_LIMIT_PER_KIND),
  ];
  const showList = listOpen && trimmed !== "";

  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${SUGGEST_PATH}?q=${encodeURIComponent(trimmed)}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : Promise.reject(response)))
        .then((body: { results: SearchResult[] }) =>
          setFound({ query: trimmed, products: body.results }),
        )
        .catch(() => undefined);
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);
  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    clearTimeout(hideTimer.current);
    setListOpen(false);
    setActive(-1);
    onOpenChange(false);
    if (returnFocus) toggleRef.current?.focus();
  };

  const choose = (to: string) => {
    // S-SRCH-3: navigate and clear the search.
    setQuery("");
    setActive(-1);
    setListOpen(false);
    onOpenChange(false);
    void navigate(to);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!showList) setListOpen(true);
      if (results.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      const n = results.length;
      setActive((i) => (step === 1 ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (event.key === "Enter") {
      const chosen = showList ? results[active] : undefined;
      if (chosen) {
        event.preventDefault();
        choose(chosen.to);
      }
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (showList) {
        setListOpen(false);
        setActive(-1);
      } else {
        close(true);
      }
    }
  };

  return (
    <div
      id={panelId}
      className={`absolute inset-x-0 top-full border-t border-white/10 bg-ink shadow-lg noscript:static noscript:block ${open ? "block" : "hidden"}`}
    >
      <Form
        method="get"
        action="/search"
        role="search"
        aria-label="Site"
        className="relative mx-auto flex max-w-3xl gap-2 px-4 py-3"
        onSubmit={() => {
          setListOpen(false);
          setActive(-1);
          onOpenChange(false);
          setQuery("");
        }}
      >
        <label htmlFor={`${baseId}-input`} className="sr-only">
          Search products and pages
        </label>
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          name="q"
          // ARIA 1.2's combobox pattern (X-FIND-5): a text input with role combobox; an input of
          // type search is a searchbox, which may not say whether a list is expanded.
          type="text"
          enterKeyHint="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Search gis, rashguards, pages…"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${baseId}-opt-${active}` : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
            setListOpen(true);
          }}
          onFocus={() => {
            clearTimeout(hideTimer.current);
            setListOpen(true);
          }}
          onBlur={() => {
            clearTimeout(hideTimer.current);
            hideTimer.current = setTimeout(() => {
              setListOpen(false);
              setActive(-1);
            }, BLUR_HIDE_MS);
          }}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 rounded border-0 bg-white px-4 py-2.5 text-base text-ink placeholder:text-muted"
        />
        <button
          type="submit"
          className="rounded bg-accent px-4 py-2.5 font-semibold text-white hover:bg-accent-dark"
        >
          Search
        </button>
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!showList}
          className="absolute inset-x-4 top-full z-50 mt-1 overflow-hidden rounded bg-white text-ink shadow-xl ring-1 ring-black/10"
        >
          {results.length === 0 ? (
            <li
              role="option"
              aria-selected={false}
              aria-disabled="true"
              className="px-4 py-3 text-muted"
            >
              No matches. Press Search to see all results.
            </li>
          ) : (
            results.map((result, i) => (
              <li
                key={result.to}
                id={`${baseId}-opt-${i}`}
                role="option"
                aria-selected={i === active}
                // Keep focus in the box, so the blur timer does not race the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(result.to)}
                onMouseEnter={() => setActive(i)}
                className={`flex cursor-pointer items-center justify-between gap-3 px-4 py-3 ${i === active ? "bg-stone" : ""}`}
              >
                <span className="font-medium">{result.name}</span>
                <span
                  className={`shrink-0 rounded px-2 py-0.5 text-xs font-semibold tracking-wider uppercase ${result.kind === "product" ? "bg-ink text-paper" : "bg-stone text-ink ring-1 ring-ink/20"}`}
                >
                  {result.kind === "product" ? "Product" : "Page"}
                </span>
              </li>
            ))
          )}
        </ul>
      </Form>
    </div>
  );
}
