import { ArrowRight } from "lucide-react";
import { JsonLd, useOrigin } from "~/seo/JsonLd";
import { organizationJsonLd } from "~/seo/structured-data";
import { Link } from "react-router";
import { findProduct, newArrivals } from "~/catalogue/catalogue";
import { catalogueFrom } from "~/catalogue/store.server";
import type { ProductImage, SiteContent } from "~/catalogue/types";
import { ProductGrid } from "~/catalogue/components/ProductGrid";
import { GI_NAME_PRICE_PENCE } from "~/catalogue/figures";
import { BRAND } from "~/shared/brand";
import { formatPenceShort } from "~/pricing/money";
import { PromoBlock } from "~/components/home/PromoBlock";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: BRAND.name,
    description:
      "BJJ gis, no-gi rashguards and shorts, Muay Thai shorts and training kit for men, women and kids. 20% off site wide; names on gis; made in small runs in the UK.",
  });

const THAI_SHORTS_ID = "mens-grip-n-trip-thai-shorts";
const HERO_PRODUCT_IDS = ["mens-england-no-gi-set", "mens-ranked-gorilla-no-gi-set"];

export async function loader({ context }: Route.LoaderArgs) {
  const catalogue = await catalogueFrom(context);
  const picture = (id: string) => findProduct(catalogue, id)?.images[0] ?? null;
  return {
    site: catalogue.site,
    heroImages: HERO_PRODUCT_IDS.map(picture).filter((image) => image !== null),
    newArrivals: newArrivals(catalogue),
    thaiShorts: picture(THAI_SHORTS_ID),
    accessory: picture("premium-gym-bag"),
    gi: picture("mens-grip-truth-bjj-gi"),
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
            className="mt-4 max-w-[9ch] font-display text-6xl leading-[0.95] font-bold text-balance uppercase sm:text-7xl lg:text-8xl"
          >
            {site.heroHeading}
          </h1>
          <p className="mt-5 max-w-md text-lg text-stone">{site.heroText}</p>
          <Link
            to="/mens"
            className="mt-8 inline-flex items-center gap-2 rounded bg-accent px-7 py-4 font-display text-lg tracking-wider text-white uppercase hover:bg-accent-dark"
          >
            Shop now <ArrowRight aria-hidden="true" className="size-5" />
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
  const { site, heroImages, newArrivals, thaiShorts, accessory, gi } = loaderData;
  const origin = useOrigin();
  return (
    <>
      <JsonLd data={organizationJsonLd(origin)} />
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

      <div className="mx-auto grid max-w-7xl gap-6 px-4 md:grid-cols-2">
        {thaiShorts ? (
          <PromoBlock
            eyebrow="Mens Muay Thai"
            title="Grip N Trip Thai Shorts"
            text="Traditional-cut satin shorts with side splits for high kicks. Purple, red or grey."
            cta="Shop Thai shorts"
            to={`/product/${THAI_SHORTS_ID}`}
            image={thaiShorts}
            tone="dark"
          />
        ) : null}
        <PromoBlock
          eyebrow="Outlet"
          title="Up to 30% off"
          text="Last season's colourways and end-of-line sizes at up to 30% off while they last."
          cta="Shop the outlet"
          to="/mens"
          tone="accent"
        />
        {gi ? (
          <PromoBlock
            eyebrow="Academies & teams"
            title="Customisation"
            text={`Your academy's name, logo and colours on gis, rashguards and hoodies. Names on gis from ${formatPenceShort(GI_NAME_PRICE_PENCE)}.`}
            cta="Design your kit"
            to="/customisation"
            image={gi}
            tone="light"
          />
        ) : null}
        {accessory ? (
          <PromoBlock
            eyebrow="Accessories"
            title="Bags, guards & more"
            text="Gym bags, mouth guards, knee pads and everything else that goes in the kit bag."
            cta="Shop accessories"
            to="/accessories"
            image={accessory}
            tone="light"
          />
        ) : null}
      </div>
    </>
  );
}
