import type { Product } from "~/catalogue/types";
import { ProductCard } from "./ProductCard";

/** The 1/2/3-column product grid (S-CAT-4). */
export function ProductGrid({
  products,
  label,
  renderAction,
}: {
  products: readonly Product[];
  label: string;
  renderAction?: (product: Product) => React.ReactNode;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product, i) => (
        <li key={product.id} className="flex">
          <div className="w-full">
            <ProductCard product={product} eager={i < 3} action={renderAction?.(product)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
