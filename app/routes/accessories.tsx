import { Backpack, BookOpen, Dumbbell, Shield } from "lucide-react";
import { ACCESSORIES, ACCESSORY_TILES, findProduct, TRAINING_BUNDLE } from "~/catalogue";
import type { AccessoryCategory } from "~/catalogue";
import { AddToCartButton } from "~/cart/AddToCartButton";
import { ProductGrid } from "~/catalogue/components/ProductGrid";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { pageMeta } from "~/components/seo";
import { formatPence } from "~/pricing/money";
import type { Route } from "./+types/accessories";

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

function TrainingBundle() {
  const items = TRAINING_BUNDLE.productIds
    .map((id) => findProduct(id))
    .filter((p) => p !== undefined);
  const full = items.reduce((sum, p) => sum + p.pricePence, 0);
  return (
    <section
      aria-labelledby="bundle-title"
      className="mt-14 grid gap-6 overflow-hidden rounded-lg bg-ink p-7 text-paper sm:p-10 lg:grid-cols-2"
    >
      <div>
        <p className="text-xs font-semibold tracking-[0.3em] text-accent-bright uppercase">
          Save 20%
        </p>
        <h2 id="bundle-title" className="mt-2 font-display text-4xl font-bold uppercase">
          {TRAINING_BUNDLE.name}
        </h2>
        <p className="mt-3 max-w-md text-stone">
          Everything a new starter needs in one go: bag, protection, bottle and kit care, at 20% off
          the {formatPence(full)} it would cost on its own.
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-md bg-white/5 p-3 text-sm">
            <span className="block font-semibold">{item.name}</span>
            <span className="text-stone">{formatPence(item.pricePence)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function AccessoriesPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs
        trail={[
          { label: "Home", to: "/" },
          { label: "Accessories", to: "/accessories" },
        ]}
      />
      <header className="mt-4 mb-8">
        <h1 className="font-display text-5xl font-bold uppercase">Accessories</h1>
        <p className="mt-2 max-w-2xl text-lg text-muted">
          The rest of the kit bag: protection, storage and the small things that make training
          easier.
        </p>
      </header>
      <ul aria-label="Accessory categories" className="mb-10 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {ACCESSORY_TILES.map((tile) => {
          const Icon = TILE_ICONS[tile.category];
          return (
            <li
              key={tile.category}
              className="flex flex-col items-start gap-3 rounded-lg bg-white p-5 ring-1 ring-black/5"
            >
              <Icon aria-hidden="true" className="size-7 text-accent" />
              <span className="font-display text-xl font-semibold uppercase">{tile.category}</span>
              <span className="text-sm text-muted">{tile.count} items</span>
            </li>
          );
        })}
      </ul>
      <h2 className="mb-4 font-display text-3xl font-bold uppercase">Shop accessories</h2>
      <ProductGrid
        products={ACCESSORIES}
        label="Accessories"
        renderAction={(product) => <AddToCartButton product={product} />}
      />
      <TrainingBundle />
    </div>
  );
}
