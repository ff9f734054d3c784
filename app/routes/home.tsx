import { ArrowRight } from "~/ui/icons/arrow-right";
import { JsonLd } from "~/seo/JsonLd";
import { organizationJsonLd, serialiseJsonLd } from "~/seo/structured-data";
import { Link } from "react-router";
import { findProduct, newArrivals } from "~/catalogue/catalogue";
import { catalogueFrom } from "~/catalogue/store.server";
import type { ProductImage, SiteContent } from "~/catalogue/types";
import { ProductGrid } from "~/catalogue/components/ProductGrid";
import { BRAND } from "~/shared/brand";
import { shopContactOf } from "~/ui/shop-contact";
import { settingsFrom } from "~/db/context.server";
import { canonicalOrigin } from "~/security/origin.server";
import { PromoBlock } from "~/components/home/PromoBlock";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/home";

/** The page's description for search results and shared links (X-OWN-4): it names a sale only
 *  while one is running. */
export function homeDescription(sale: { name: string; percent: number } | null): string {
  const plain =
    "BJJ gis, no-gi rashguards and shorts, Muay Thai shorts and training kit for men, women and kids. Names on gis; made in small runs in the UK.";
  return sale ? `${plain} ${sale.name}: ${sale.percent}% off every full-price line.` : plain;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: BRAND.name, description: homeDescription(loaderData?.sale ?? null) });

export async function loader({ context, request }: Route.LoaderArgs) {
  const catalogue = await catalogueFrom(context);
  const picture = (id: string | null) =>
    id ? (findProduct(catalogue, id)?.images[0] ?? null) : null;
  const { home } = catalogue.site;
  return {
    site: catalogue.site,
    sale: catalogue.sale ? { name: catalogue.sale.name, percent: catalogue.sale.percent } : null,
    heroImages: home.heroProductIds.map(picture).filter((image) => image !== null),
    newArrivals: newArrivals(catalogue),
    // X-OWN-4: every tile is the owner's (a tile whose product is gone shows without a picture).
    tiles: home.tiles.map((tile) => ({ ...tile, image: picture(tile.productId) })),
    // Built here, so the structured data's code stays out of the page's JavaScript (issue 51).
    organization: serialiseJsonLd(
      organizationJsonLd(
        canonicalOrigin(settingsFrom(context), request),
        shopContactOf(catalogue.settings.settings),
      ),
    ),
  };
}

function Hero({ site, heroImages }: { site: SiteContent; heroImages: readonly ProductImage[] }) {
  return (
    <section className="relative overflow-hidden bg-ink text-paper" aria-labelledby="hero-title">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-14 md:grid-cols-2 md:py-20">
        <div>
          <p className="font-display text-sm tracking-[0.35em] text-accent-bright uppercase">
            {BRAND.slogan}
          </p>
          <h1
            id="hero-title"
            className="mt-4 max-w-[5em] font-display text-6xl leading-[0.95] font-bold text-balance uppercase sm:text-7xl lg:text-8xl"
          >
            {site.heroHeading}
          </h1>
          <p className="mt-5 max-w-md text-lg text-stone">{site.heroText}</p>
          <Link
            to={site.home.heroLink}
            className="mt-8 inline-flex items-center gap-2 rounded bg-accent px-7 py-4 font-display text-lg tracking-wider text-white uppercase hover:bg-accent-dark"
          >
            {site.home.heroCta} <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
        <div className="relative mx-auto grid w-full max-w-lg grid-cols-2 gap-4">
          {heroImages.map((image, i) => (
            <div
              key={image.src}
              className={`overflow-hidden rounded-lg bg-stone shadow-2xl ${i === 1 ? "mt-10" : ""}`}
            >
              <img
                src={image.src}
                alt={image.alt}
                width={1000}
                height={1000}
                fetchPriority="high"
                className="aspect-square size-full object-cover"
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { site, heroImages, newArrivals, tiles, organization } = loaderData;
  return (
    <>
      <JsonLd json={organization} />
      <Hero site={site} heroImages={heroImages} />

      <section aria-labelledby="new-arrivals" className="mx-auto max-w-7xl px-4 py-14">
        <div className="mb-8 flex items-end justify-between gap-4">
          <h2 id="new-arrivals" className="font-display text-4xl font-bold uppercase">
            New Arrivals
          </h2>
          <Link
            to="/mens/no-gi"
            className="font-semibold text-accent underline-offset-4 hover:underline"
          >
            View all no-gi
          </Link>
        </div>
        <ProductGrid products={newArrivals} label="New arrivals" lead="lazy" />
      </section>

      {tiles.length ? (
        <div className="mx-auto grid max-w-7xl gap-6 px-4 md:grid-cols-2">
          {tiles.map((tile, i) => (
            <PromoBlock
              key={i}
              eyebrow={tile.eyebrow}
              title={tile.title}
              text={tile.text}
              cta={tile.cta}
              to={tile.link}
              image={tile.image ?? undefined}
              tone={tile.tone}
            />
          ))}
        </div>
      ) : null}
    </>
  );
}
