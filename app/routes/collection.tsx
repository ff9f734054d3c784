import { data, NavLink } from "react-router";
import { productsInCategories } from "~/catalogue";
import { findCollection, SECTIONS, SECTION_LABELS } from "~/catalogue/collections";
import { KidsSizingBlock } from "~/catalogue/components/KidsSizingBlock";
import { ProductGrid } from "~/catalogue/components/ProductGrid";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { pageMeta } from "~/components/seo";
import type { Route } from "./+types/collection";

export function loader({ request }: Route.LoaderArgs) {
  const collection = findCollection(new URL(request.url).pathname);
  if (!collection) throw data("Not found", { status: 404 });
  return { collection, products: productsInCategories(collection.categories) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData.collection.title,
    description: `${loaderData.collection.description} ${loaderData.products.length} products from GRIP TRUTH, priced in GBP.`,
  });

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { collection, products } = loaderData;
  const groupLabel = collection.title.split(" ")[0] ?? "";
  const trail = [
    { label: "Home", to: "/" },
    { label: groupLabel, to: `/${collection.group}` },
    ...(collection.section ? [{ label: collection.title, to: collection.path }] : []),
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
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
      <h2 className="mb-4 text-sm font-normal text-muted">
        {products.length} {products.length === 1 ? "product" : "products"}
      </h2>
      <ProductGrid products={products} label={`${collection.title} products`} />
    </div>
  );
}

function pillClass(active: boolean): string {
  return `block whitespace-nowrap rounded-full border px-4 py-2 text-sm font-semibold ${
    active ? "border-ink bg-ink text-paper" : "border-ink/20 bg-white hover:border-ink"
  }`;
}
