import { Form, Link } from "react-router";
import { z } from "zod";
import { ProductGrid } from "~/catalogue/components/ProductGrid";
import { pageMeta } from "~/seo/meta";
import { searchPages, searchProducts } from "~/search/search";
import { catalogueFrom } from "~/catalogue/store.server";
import type { Route } from "./+types/search";
import { SEARCH_QUERY_MAX } from "~/shared/limits";

const querySchema = z.object({ q: z.string().catch("") });

/** /search?q=…: every match, server-rendered, so it works with JavaScript off (S-SRCH, X-SHOP-2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const q = querySchema.parse(params).q.trim().slice(0, SEARCH_QUERY_MAX);
  const catalogue = await catalogueFrom(context);
  return { q, products: searchProducts(catalogue.products, q), pages: searchPages(q) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const q = loaderData?.q ?? "";
  const tags = pageMeta({
    title: q ? `Search results for “${q}”` : "Search",
    description: q
      ? `Products and pages of the GRIP TRUTH fightwear shop matching “${q}”.`
      : "Search the GRIP TRUTH shop: BJJ gis, no-gi sets, Thai shorts, accessories and help pages.",
  });
  // Result lists are for visitors, not for search engines' indexes.
  return q ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, products, pages } = loaderData;
  const total = products.length + pages.length;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="font-display text-5xl font-bold uppercase">Search</h1>
      <Form method="get" action="/search" role="search" className="mt-6 flex max-w-2xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search products and pages
        </label>
        <input
          id="search-page-q"
          key={q}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Search gis, rashguards, pages…"
          className="min-w-0 flex-1 rounded border border-ink/30 bg-white px-4 py-3 text-base"
        />
        <button
          type="submit"
          className="rounded bg-accent px-5 py-3 font-semibold text-white hover:bg-accent-dark"
        >
          Search
        </button>
      </Form>
      {q ? (
        <p role="status" className="mt-6 text-lg">
          {total === 0
            ? `No results for “${q}”. Try a shorter word, such as “gi” or “shorts”.`
            : `${total} ${total === 1 ? "result" : "results"} for “${q}”`}
        </p>
      ) : (
        <p className="mt-6 text-lg text-muted">Type a product or page name, then press Search.</p>
      )}
      {pages.length > 0 ? (
        <section aria-labelledby="pages-heading" className="mt-8">
          <h2 id="pages-heading" className="mb-3 font-display text-3xl font-bold uppercase">
            Pages ({pages.length})
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {pages.map((page) => (
              <li key={page.to}>
                <Link
                  to={page.to}
                  className="flex items-center justify-between gap-3 rounded-md bg-white px-4 py-3 font-semibold ring-1 ring-black/10 hover:ring-ink"
                >
                  {page.name}
                  <span className="rounded bg-stone px-2 py-0.5 text-xs tracking-wider uppercase">
                    Page
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {products.length > 0 ? (
        <section aria-labelledby="products-heading" className="mt-10">
          <h2 id="products-heading" className="mb-4 font-display text-3xl font-bold uppercase">
            Products ({products.length})
          </h2>
          <ProductGrid products={products} label="Matching products" />
        </section>
      ) : null}
    </div>
  );
}
