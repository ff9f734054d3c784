import type { Product } from "~/catalogue/types";
import { ProductCard } from "./ProductCard";
import type { PictureLoading } from "./ProductImage";

/** The first card takes the grid's lead; the rest of the first row loads eagerly unless the grid
 *  starts below the first screen; later rows are lazy. */
function pictureLoading(index: number, lead: PictureLoading): PictureLoading {
  if (index >= 3 || lead === "lazy") return "lazy";
  return index === 0 ? lead : "eager";
}

/** The 1/2/3-column product grid (S-CAT-4). */
export function ProductGrid({
  products,
  label,
  renderAction,
  view = "grid",
  lead = "eager",
}: {
  products: readonly Product[];
  label: string;
  renderAction?: (product: Product) => React.ReactNode;
  /** The list view: one product per row, picture beside the text (S-CAT-5). */
  view?: "grid" | "list";
  /**
   * How the first row's pictures load (X-PERF-1): "lcp" when the grid leads the page (its first
   * picture is the largest paint), "eager" when it is on the first screen under other content,
   * "lazy" when it starts below the first screen. Later rows are always lazy.
   */
  lead?: PictureLoading;
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
              loading={pictureLoading(i, lead)}
              action={renderAction?.(product)}
              layout={view}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
