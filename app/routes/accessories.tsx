import { Backpack } from "~/ui/icons/backpack";
import { BookOpen } from "~/ui/icons/book-open";
import { Check } from "~/ui/icons/check";
import { Dumbbell } from "~/ui/icons/dumbbell";
import { Shield } from "~/ui/icons/shield";
import { Link } from "react-router";
import type { AccessoryCategory } from "~/catalogue";
import {
  accessories,
  accessoryTiles,
  type BundleProduct,
  type BundleQuote,
  bundleQuote,
  bundles,
} from "~/catalogue/catalogue";
import { catalogueFrom } from "~/catalogue/store.server";
import {
  ACCESSORY_CATEGORY_OPTIONS,
  accessoryCategorySlug,
  browseSearch,
  filterAccessories,
  parseAccessoryQuery,
  PRICE_BANDS,
} from "~/catalogue/browse";
import { AddToCartButton } from "~/cart/AddToCartButton";
import { AddStandardForm } from "~/cart/AddToCartButton";
import { FilterForm } from "~/catalogue/components/FilterForm";
import { ProductGrid } from "~/catalogue/components/ProductGrid";
import { NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { pageMeta } from "~/seo/meta";
import { JsonLd } from "~/seo/JsonLd";
import { breadcrumbJsonLd, serialiseJsonLd } from "~/seo/structured-data";
import { canonicalOrigin } from "~/security/origin.server";

const TRAIL = [
  { label: "Home", to: "/" },
  { label: "Accessories", to: "/accessories" },
];
import { formatPence } from "~/pricing/money";
import { lineAvailability } from "~/stock/stock";
import { stockLevelsOrEmpty } from "~/stock/stock.server";
import { dbFrom, settingsFrom } from "~/db/context.server";
import type { Route } from "./+types/accessories";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseAccessoryQuery(new URL(request.url).searchParams);
  const catalogue = await catalogueFrom(context);
  const shelf = accessories(catalogue);
  const stock = await stockLevelsOrEmpty(
    dbFrom(context),
    shelf.map((product) => product.id),
  );
  const lookup = (id: string) => catalogue.all.get(id);
  const soldOut = (productId: string) =>
    lineAvailability(
      { productId, optionType: STANDARD_OPTION, size: NO_SIZE, quantity: 1 },
      stock,
      lookup,
    ).kind === "short";
  // The first bundle on sale whose items are all in the shop (S-ACC-4).
  const offer = bundles(catalogue)
    .map((product) => ({ product, quote: bundleQuote(catalogue, product) }))
    .find((candidate) => candidate.quote !== null);
  return {
    query,
    total: shelf.length,
    tiles: accessoryTiles(catalogue),
    products: filterAccessories(shelf, query),
    bundle: offer ? { product: offer.product, quote: offer.quote! } : null,
    soldOut: [...shelf, ...(offer ? [offer.product] : [])]
      .filter((p) => soldOut(p.id))
      .map((p) => p.id),
    // Built here so the structured data's code stays out of the browser (issue 51 item 5).
    breadcrumbs: serialiseJsonLd(
      breadcrumbJsonLd(TRAIL, canonicalOrigin(settingsFrom(context), request)),
    ),
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Accessories",
    description:
      "Gym bags, mouth guards, knee pads, water bottles, patches and gear wash for BJJ and Muay Thai, from GRIP TRUTH.",
  });

const TILE_ICONS: Record<AccessoryCategory, typeof Dumbbell> = {
  "Training Gear": Dumbbell,
  Protection: Shield,
  "Bags & Storage": Backpack,
  Lifestyle: BookOpen,
};

function TrainingBundle({
  product,
  bundle,
  soldOut,
}: {
  product: BundleProduct;
  bundle: BundleQuote;
  soldOut: boolean;
}) {
  return (
    <section
      id="bundle"
      aria-labelledby="bundle-title"
      className="mt-14 scroll-mt-28 overflow-hidden rounded-lg bg-ink p-7 text-paper sm:p-10"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <p className="text-xs font-semibold tracking-[0.3em] text-accent-bright uppercase">
            Save {product.bundle.discountPercent}%
          </p>
          <h2 id="bundle-title" className="mt-2 font-display text-4xl font-bold uppercase">
            {product.name}
          </h2>
          <p className="mt-3 max-w-md text-stone">
            Everything a new starter needs in one go: bag, protection, bottle and kit care, at{" "}
            {product.bundle.discountPercent}% off the {formatPence(bundle.fullPence)} it would cost
            on its own.
          </p>
        </div>
        {/* A disclosure works without JavaScript too (X-SHOP-2). */}
        <details className="group self-start rounded-md bg-white/5 p-1 open:bg-white/10">
          <summary className="cursor-pointer list-none rounded bg-accent px-6 py-3 text-center font-display text-lg font-medium tracking-wider text-white uppercase hover:bg-accent-dark [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">View Bundle Deal</span>
            <span className="hidden group-open:inline">Hide Bundle Deal</span>
          </summary>
          <div className="p-5">
            <h3 className="font-display text-xl font-semibold uppercase">In the bundle</h3>
            <ul aria-label="Bundle contents" className="mt-3 space-y-2">
              {bundle.items.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3">
                  <span className="flex items-center gap-2">
                    <Check aria-hidden="true" className="size-4 text-accent-bright" />
                    <Link to={`/product/${item.id}`} className="hover:underline">
                      {item.name}
                    </Link>
                  </span>
                  <span className="text-stone">{formatPence(item.pricePence)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-5 flex flex-wrap items-baseline gap-x-3 border-t border-white/15 pt-4">
              <span className="font-display text-3xl font-bold" data-testid="bundle-price">
                {formatPence(bundle.pricePence)}
              </span>
              <s className="text-stone">{formatPence(bundle.fullPence)}</s>
              <span className="text-sm font-semibold text-accent-bright">
                You save {formatPence(bundle.savingPence)}
              </span>
            </p>
            {soldOut ? (
              <button
                type="button"
                disabled
                className="mt-4 w-full cursor-not-allowed rounded border border-dashed border-white/40 px-4 py-3 font-semibold text-stone"
              >
                Bundle sold out
              </button>
            ) : (
              <AddStandardForm product={product}>
                <button
                  type="submit"
                  className="mt-4 w-full rounded bg-paper px-4 py-3 font-semibold text-ink hover:bg-stone"
                >
                  Add Bundle to Cart
                </button>
              </AddStandardForm>
            )}
          </div>
        </details>
      </div>
    </section>
  );
}

export default function AccessoriesPage({ loaderData }: Route.ComponentProps) {
  const { query, total, tiles, products, bundle, soldOut, breadcrumbs } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd json={breadcrumbs} />
      <Breadcrumbs trail={TRAIL} />
      <header className="mt-4 mb-8">
        <h1 className="font-display text-5xl font-bold uppercase">Accessories</h1>
        <p className="mt-2 max-w-2xl text-lg text-muted">
          The rest of the kit bag: protection, storage and the small things that make training
          easier.
        </p>
      </header>
      <ul aria-label="Accessory categories" className="mb-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {tiles.map((tile) => {
          const Icon = TILE_ICONS[tile.category];
          const slug = accessoryCategorySlug(tile.category);
          return (
            <li key={tile.category}>
              <Link
                to={`/accessories${browseSearch({ category: slug, price: query.price })}#shop`}
                preventScrollReset
                aria-current={query.category === slug ? "true" : undefined}
                className={`flex h-full flex-col items-start gap-3 rounded-lg bg-white p-5 ring-1 hover:ring-ink ${query.category === slug ? "ring-2 ring-ink" : "ring-black/5"}`}
              >
                <Icon aria-hidden="true" className="size-7 text-accent" />
                <span className="font-display text-xl font-semibold uppercase">
                  {tile.category}
                </span>
                <span className="text-sm text-muted">
                  {tile.count} {tile.count === 1 ? "item" : "items"}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <h2 id="shop" className="mb-4 scroll-mt-28 font-display text-3xl font-bold uppercase">
        Shop accessories
      </h2>
      <div className="mb-6 border-y border-ink/10 py-4">
        <FilterForm
          action="/accessories"
          label="Filter accessories"
          selects={[
            {
              name: "category",
              label: "Category",
              allLabel: "All categories",
              value: query.category ?? "",
              options: ACCESSORY_CATEGORY_OPTIONS,
            },
            { name: "price", label: "Price", value: query.price, options: PRICE_BANDS },
          ]}
        />
      </div>
      <p aria-live="polite" className="mb-4 text-sm text-muted">
        Showing {products.length} of {total} accessories
      </p>
      {products.length === 0 ? (
        <p className="rounded-lg bg-white p-6 ring-1 ring-black/5">
          Nothing matches these filters.{" "}
          <Link to="/accessories" className="font-semibold underline">
            Show all accessories
          </Link>
        </p>
      ) : (
        <ProductGrid
          products={products}
          label="Accessories"
          renderAction={(product) => (
            <AddToCartButton product={product} soldOut={soldOut.includes(product.id)} />
          )}
        />
      )}
      {bundle ? (
        <TrainingBundle
          product={bundle.product}
          bundle={bundle.quote}
          soldOut={soldOut.includes(bundle.product.id)}
        />
      ) : null}
    </div>
  );
}
