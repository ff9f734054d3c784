import type { Product } from "~/catalogue/types";
import { formatPence } from "~/pricing/money";

/** What the product is made of and which options, sizes, ranks and colours it comes in. */
export function ProductFacts({ product }: { product: Product }) {
  return (
    <div className="space-y-4">
      {product.highlights.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {product.highlights.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {product.options.length > 0 ? (
        <dl className="divide-y divide-stone rounded-lg bg-white text-sm ring-1 ring-black/5">
          {product.options.map((option) => (
            <div key={option.type} className="grid gap-1 p-4 sm:grid-cols-[8rem_1fr]">
              <dt className="font-semibold">
                {option.type} <span className="font-normal text-muted">{formatPence(option.pricePence)}</span>
              </dt>
              <dd className="space-y-1 text-muted">
                <p>Sizes: {option.sizes.join(", ")}</p>
                {option.beltRanks ? <p>Belt ranks: {option.beltRanks.join(", ")}</p> : null}
                {option.colors ? <p>Colours: {option.colors.join(", ")}</p> : null}
                {option.customizable ? (
                  <p>
                    Custom text up to 20 characters
                    {option.customPricePence ? ` (+${formatPence(option.customPricePence)})` : ""}
                  </p>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
