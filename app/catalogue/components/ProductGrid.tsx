import type { Product } from "~/catalogue/types";
import { ProductCard } from "./ProductCard";

/** The 1/2/3-column product grid (S-CAT-4). */
export function ProductGrid({
  products,
  label,
  renderAction,
  view = "grid",
}: {
  products: readonly Product[];
  label: string;
  renderAction?: (product: Product) => React.ReactNode;
  /** The list view: one product per row, picture beside the text (S-CAT-5). */
  view?: "grid" | "list";
}) {
  return (
    <ul
      aria-label={label}
      data-view={view}
      className={
        view === "list"
          ? "grid grid-cols-1 gap-4"
          : "grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
      }
    >
      {products.map((product, i) => (
        <li key={product.id} className="flex">
          <div className="w-full">
            <ProductCard
              product={product}
              eager={i < 3}
              action={renderAction?.(product)}
              layout={view}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
