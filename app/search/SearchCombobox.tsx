import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { suggest } from "./search";
import { LISTBOX_CLASS, SearchForm, type SearchHandover } from "./SearchBox";

/** How long the suggestions stay after the box loses focus (S-SRCH-4), so a click can land. */
export const BLUR_HIDE_MS = 200;

/**
 * The header search's ARIA combobox (S-SRCH): up to 3 product and 3 page suggestions, arrows,
 * Enter and Escape. Loaded when the search is first opened (./SearchBox); it takes over the
 * plain form's text and focus.
 */
export function SearchCombobox({
  baseId,
  open,
  onOpenChange,
  toggleRef,
  handover,
}: {
  baseId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toggleRef: React.RefObject<HTMLButtonElement | null>;
  handover: SearchHandover;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(handover.query);
  const [listOpen, setListOpen] = useState(handover.focused);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wasOpen = useRef(open);
  const listId = `${baseId}-list`;
  const results = suggest(query);
  const showList = listOpen && query.trim() !== "";

  useEffect(() => () => clearTimeout(hideTimer.current), []);
  useEffect(() => {
    if (open && !wasOpen.current) inputRef.current?.focus();
    wasOpen.current = open;
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
    <SearchForm
      inputId={`${baseId}-input`}
      inputRef={inputRef}
      onSubmit={() => {
        setListOpen(false);
        setActive(-1);
        onOpenChange(false);
        setQuery("");
      }}
      input={{
        // The plain form's box had focus when this took its place: keep it there.
        autoFocus: handover.focused,
        "aria-expanded": showList,
        "aria-controls": listId,
        "aria-activedescendant": showList && active >= 0 ? `${baseId}-opt-${active}` : undefined,
        value: query,
        onChange: (event) => {
          setQuery(event.target.value);
          setActive(-1);
          setListOpen(true);
        },
        onFocus: () => {
          clearTimeout(hideTimer.current);
          setListOpen(true);
        },
        onBlur: () => {
          clearTimeout(hideTimer.current);
          hideTimer.current = setTimeout(() => {
            setListOpen(false);
            setActive(-1);
          }, BLUR_HIDE_MS);
        },
        onKeyDown,
      }}
    >
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showList}
        className={LISTBOX_CLASS}
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
    </SearchForm>
  );
}
