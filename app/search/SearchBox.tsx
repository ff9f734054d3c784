import Search from "lucide-react/icons/search";
import X from "lucide-react/icons/x";
import { useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { SEARCH_QUERY_MAX } from "./limits";
import type { SearchCombobox } from "./SearchCombobox";

/**
 * The header's search (S-SRCH): a plain GET form to /search, so submitting it works with
 * JavaScript off (X-SHOP-2) and before the combobox's code has loaded. The combobox (ARIA
 * suggestions with up to 3 products and 3 pages, ./SearchCombobox) loads when the search is
 * first opened, or its button pointed at or focused, not with every page (X-PERF-2).
 */
let LoadedCombobox: typeof SearchCombobox | undefined;
/** Loads the combobox once; false when its code could not be fetched (the plain form stays). */
const loadCombobox = (): Promise<boolean> =>
  import("./SearchCombobox").then(
    (module) => {
      LoadedCombobox = module.SearchCombobox;
      return true;
    },
    () => false,
  );

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
      onPointerEnter={() => void loadCombobox()}
      onFocus={() => void loadCombobox()}
    >
      {open ? (
        <X aria-hidden="true" className="size-6" />
      ) : (
        <Search aria-hidden="true" className="size-6" />
      )}
    </button>
  );
}

/** What the combobox takes over from the plain form it replaces: the text and the focus. */
export interface SearchHandover {
  query: string;
  focused: boolean;
}

/**
 * The search form's frame, shared by the plain form and the combobox: the label, the box (a
 * collapsed combobox until its code is there) and the submit button, with the suggestions list
 * as `children`.
 */
export function SearchForm({
  inputId,
  inputRef,
  input,
  onSubmit,
  children,
}: {
  inputId: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  input: React.InputHTMLAttributes<HTMLInputElement> & { "aria-controls": string };
  onSubmit: () => void;
  children: React.ReactNode;
}) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Site"
      className="relative mx-auto flex max-w-3xl gap-2 px-4 py-3"
      onSubmit={onSubmit}
    >
      <label htmlFor={inputId} className="sr-only">
        Search products and pages
      </label>
      <input
        ref={inputRef}
        id={inputId}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        maxLength={SEARCH_QUERY_MAX}
        placeholder="Search gis, rashguards, pages…"
        aria-autocomplete="list"
        aria-expanded={false}
        {...input}
        className="min-w-0 flex-1 rounded border-0 bg-white px-4 py-2.5 text-base text-ink placeholder:text-muted"
      />
      <button
        type="submit"
        className="rounded bg-accent px-4 py-2.5 font-semibold text-white hover:bg-accent-dark"
      >
        Search
      </button>
      {children}
    </Form>
  );
}

/** The suggestions list's frame (empty and hidden in the plain form). */
export const LISTBOX_CLASS =
  "absolute inset-x-4 top-full z-50 mt-1 overflow-hidden rounded bg-white text-ink shadow-xl ring-1 ring-black/10";

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
  const baseId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Set once the combobox's code is here, with what the plain form held at that moment.
  const [handover, setHandover] = useState<SearchHandover | null>(null);
  const Combobox = handover ? LoadedCombobox : undefined;

  useEffect(() => {
    if (!open || handover) return;
    inputRef.current?.focus();
    let current = true;
    void loadCombobox().then((loaded) => {
      if (!current || !loaded) return;
      const plain = inputRef.current;
      setHandover({
        query: plain?.value ?? "",
        focused: plain !== null && document.activeElement === plain,
      });
    });
    return () => {
      current = false;
    };
  }, [open, handover]);

  return (
    <div
      id={panelId}
      className={`absolute inset-x-0 top-full border-t border-white/10 bg-ink shadow-lg noscript:static noscript:block ${open ? "block" : "hidden"}`}
    >
      {Combobox && handover ? (
        <Combobox
          baseId={baseId}
          open={open}
          onOpenChange={onOpenChange}
          toggleRef={toggleRef}
          handover={handover}
        />
      ) : (
        <SearchForm
          inputId={`${baseId}-input`}
          inputRef={inputRef}
          input={{ "aria-controls": `${baseId}-list`, onFocus: () => void loadCombobox() }}
          onSubmit={() => onOpenChange(false)}
        >
          <ul
            id={`${baseId}-list`}
            role="listbox"
            aria-label="Suggestions"
            hidden
            className={LISTBOX_CLASS}
          />
        </SearchForm>
      )}
    </div>
  );
}
