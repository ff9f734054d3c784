import { LayoutGrid } from "~/ui/icons/layout-grid";
import { List } from "~/ui/icons/list";
import { Link, useNavigate } from "react-router";
import { browseSearch, type FilterOption, type View } from "~/catalogue/browse-url";

export interface FilterSelect {
  name: string;
  label: string;
  value: string;
  /** The first option, meaning "no filter" (value ""). Omit when the select has no such option. */
  allLabel?: string;
  options: readonly FilterOption[];
}

const SELECT =
  "w-full rounded border border-ink/30 bg-white py-2.5 pr-8 pl-3 text-base text-ink focus-visible:border-ink";

/**
 * Filter and sort as a plain GET form (X-SHOP-2): it works with JavaScript off through the Apply
 * button; with JavaScript a change applies at once, as a new history entry (X-CAT-1).
 */
export function FilterForm({
  action,
  label,
  selects,
  hidden = {},
}: {
  action: string;
  label: string;
  selects: readonly FilterSelect[];
  hidden?: Record<string, string>;
}) {
  const navigate = useNavigate();
  const apply = (form: HTMLFormElement) => {
    const values: Record<string, string> = {};
    new FormData(form).forEach((value, key) => {
      values[key] = String(value);
    });
    void navigate(`${action}${browseSearch(values)}`, { preventScrollReset: true });
  };
  return (
    <form
      method="get"
      action={action}
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {selects.map((select) => (
        <div key={select.name} className="w-full sm:w-auto sm:min-w-44">
          <label
            htmlFor={`filter-${select.name}`}
            className="mb-1 block text-xs font-semibold tracking-widest text-muted uppercase"
          >
            {select.label}
          </label>
          <select
            id={`filter-${select.name}`}
            name={select.name}
            // Keyed by value so a back-button navigation shows the URL's choice again.
            key={select.value}
            defaultValue={select.value}
            onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
            className={SELECT}
          >
            {select.allLabel !== undefined ? <option value="">{select.allLabel}</option> : null}
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button
        type="submit"
        className="rounded border-2 border-ink px-5 py-2 font-semibold text-ink hover:bg-ink hover:text-paper"
      >
        Apply
      </button>
    </form>
  );
}

/** The two view icons (S-CAT-5): links, so they work without JavaScript and with the back button. */
export function ViewSwitch({ view, hrefFor }: { view: View; hrefFor: (view: View) => string }) {
  const items = [
    { value: "grid" as const, label: "Grid view", Icon: LayoutGrid },
    { value: "list" as const, label: "List view", Icon: List },
  ];
  return (
    <ul aria-label="View" className="flex gap-1">
      {items.map(({ value, label, Icon }) => (
        <li key={value}>
          <Link
            to={hrefFor(value)}
            preventScrollReset
            aria-label={label}
            aria-current={view === value ? "true" : undefined}
            className={`flex size-11 items-center justify-center rounded border-2 ${
              view === value ? "border-ink bg-ink text-paper" : "border-ink/20 bg-white text-ink"
            } hover:border-ink`}
          >
            <Icon aria-hidden="true" className="size-5" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "Showing 6 of 9" and Load More Products, a plain link to the next page (X-SHOP-2). */
export function LoadMore({
  shown,
  total,
  nextHref,
}: {
  shown: number;
  total: number;
  nextHref: string | null;
}) {
  return (
    <div className="mt-10 flex flex-col items-center gap-3">
      <p aria-live="polite" className="text-sm text-muted">
        Showing {shown} of {total} {total === 1 ? "product" : "products"}
      </p>
      {nextHref ? (
        <Link
          to={nextHref}
          preventScrollReset
          className="rounded bg-ink px-8 py-3 font-semibold text-paper hover:bg-ink-soft"
        >
          Load More Products
        </Link>
      ) : null}
    </div>
  );
}
