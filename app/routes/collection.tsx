import { useEffect, useRef } from "react";
import { data, NavLink } from "react-router";
import { productsInCategories } from "~/catalogue/catalogue";
import { catalogueFrom } from "~/catalogue/store.server";
import { browseOptions, browseProducts, parseBrowseQuery } from "~/catalogue/browse";
import { browseSearch, SORTS, type BrowseQuery } from "~/catalogue/browse-url";
import { FilterForm, LoadMore, ViewSwitch } from "~/catalogue/components/FilterForm";
import { findCollection, type Collection } from "~/catalogue/collections";
import { SECTIONS, SECTION_LABELS } from "~/catalogue/sections";
import { lazyInPlace } from "~/ui/lazy-in-place";
import { ProductGrid } from "~/catalogue/components/ProductGrid";
import { Breadcrumbs, type Crumb } from "~/components/Breadcrumbs";
import { settingsFrom } from "~/db/context.server";
import { canonicalOrigin } from "~/security/origin.server";
import { pageMeta } from "~/seo/meta";
import { JsonLd } from "~/seo/JsonLd";
import { breadcrumbJsonLd, serialiseJsonLd } from "~/seo/structured-data";
import type { Route } from "./+types/collection";

/** The kids pages' sizing block, beside the page's code rather than in it: only kids pages show
 *  it, and it is words and links (issue 51 item 5). The server draws it in place. */
const KidsSizingBlock = lazyInPlace(() =>
  import("~/catalogue/components/KidsSizingBlock").then((module) => module.KidsSizingBlock),
).Component;

export async function loader({ request, context }: Route.LoaderArgs) {
  // A client-side navigation asks for "/mens.data": the page's path is the same without ".data".
  const collection = findCollection(new URL(request.url).pathname.replace(/\.data$/, ""));
  if (!collection) throw data("Not found", { status: 404 });
  const all = productsInCategories(await catalogueFrom(context), collection.categories);
  const options = browseOptions(all);
  // The same URL renders the same list on the server and in the browser (X-CAT-1).
  const query = parseBrowseQuery(new URL(request.url).searchParams, options);
  const trail = collectionTrail(collection);
  return {
    collection,
    options,
    query,
    page: browseProducts(all, query),
    count: all.length,
    trail,
    // Built here so the structured data's code stays out of the browser (issue 51 item 5).
    breadcrumbs: serialiseJsonLd(
      breadcrumbJsonLd(trail, canonicalOrigin(settingsFrom(context), request)),
    ),
  };
}

/** Home, the group, the section when there is one: the page's breadcrumbs. */
function collectionTrail(collection: Collection): Crumb[] {
  const groupLabel = collection.title.split(" ")[0] ?? "";
  return [
    { label: "Home", to: "/" },
    { label: groupLabel, to: `/${collection.group}` },
    ...(collection.section ? [{ label: collection.title, to: collection.path }] : []),
  ];
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData.collection.title,
    description: `${loaderData.collection.description} ${loaderData.count} products from GRIP TRUTH, priced in GBP.`,
  });

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { collection, options, query, page, trail, breadcrumbs } = loaderData;
  const href = (changes: Partial<BrowseQuery>) =>
    `${collection.path}${browseSearch({ ...query, ...changes })}`;
  // After Load More, focus moves to the first new product, so keyboard users keep their place.
  const shown = useRef({ page: query.page, count: page.shown });
  useEffect(() => {
    const previous = shown.current;
    shown.current = { page: query.page, count: page.shown };
    if (query.page <= previous.page) return;
    const links = document.querySelectorAll<HTMLAnchorElement>("ul[data-view] h3 a");
    links[previous.count]?.focus();
  }, [query.page, page.shown]);
  const groupLabel = collection.title.split(" ")[0] ?? "";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd json={breadcrumbs} />
      <Breadcrumbs trail={trail} />
      <header className="mt-4 mb-6">
        <h1 className="font-display text-5xl font-bold uppercase">{collection.title}</h1>
        <p className="mt-2 max-w-2xl text-lg text-muted">{collection.description}</p>
      </header>
      <nav aria-label={`${groupLabel} sections`} className="-mx-4 mb-8 overflow-x-auto px-4">
        <ul className="flex gap-2">
          <li>
            <NavLink
              to={`/${collection.group}`}
              end
              className={({ isActive }) => pillClass(isActive)}
            >
              All {groupLabel}
            </NavLink>
          </li>
          {SECTIONS.map((section) => (
            <li key={section}>
              <NavLink
                to={`/${collection.group}/${section}`}
                className={({ isActive }) => pillClass(isActive)}
              >
                {SECTION_LABELS[section]}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {collection.kidsSizing ? <KidsSizingBlock /> : null}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4 border-y border-ink/10 py-4">
        <FilterForm
          action={collection.path}
          label="Filter and sort"
          hidden={query.view === "list" ? { view: "list" } : {}}
          selects={[
            {
              name: "type",
              label: "Filter by",
              allLabel: "All products",
              value: query.type ?? "",
              options: options.types,
            },
            ...(options.ages.length > 0
              ? [
                  {
                    name: "age",
                    label: "Age",
                    allLabel: "All ages",
                    value: query.age ?? "",
                    options: options.ages,
                  },
                ]
              : []),
            { name: "sort", label: "Sort by", value: query.sort, options: SORTS },
          ]}
        />
        <ViewSwitch view={query.view} hrefFor={(view) => href({ view })} />
      </div>
      <h2 className="mb-4 text-sm font-normal text-muted">
        {page.total} {page.total === 1 ? "product" : "products"}
        {query.type || query.age ? " match this filter" : ""}
      </h2>
      {page.total === 0 ? (
        <p className="rounded-lg bg-white p-6 ring-1 ring-black/5">
          Nothing matches this filter. Choose “All products” to see the whole range.
        </p>
      ) : (
        <ProductGrid
          products={page.items}
          label={`${collection.title} products`}
          view={query.view}
          lead="lcp"
        />
      )}
      <LoadMore
        shown={page.shown}
        total={page.total}
        nextHref={page.nextPage ? href({ page: page.nextPage }) : null}
      />
    </div>
  );
}

function pillClass(active: boolean): string {
  return `block whitespace-nowrap rounded-full border px-4 py-2 text-sm font-semibold ${
    active ? "border-ink bg-ink text-paper" : "border-ink/20 bg-white hover:border-ink"
  }`;
}
