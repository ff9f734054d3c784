import { deliveryPromiseLines } from "~/policy/shop-settings";
import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { CATEGORY_LABELS } from "~/catalogue";
import type { Product } from "~/catalogue/types";
import { findProduct, fromPricePence, pricesDiffer } from "~/catalogue/catalogue";
import { catalogueFrom } from "~/catalogue/store.server";
import { currentOwner } from "~/owners/guard.server";
import { DeliveryPromise } from "~/catalogue/components/DeliveryPromise";
import { ProductGallery } from "~/catalogue/components/ProductGallery";
import { AddToCartForm } from "~/cart/AddToCartForm";
import { Breadcrumbs, type Crumb } from "~/components/Breadcrumbs";
import { canonicalOrigin } from "~/security/origin.server";
import { pageMeta } from "~/seo/meta";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { Price } from "~/pricing/Price";
import { ProductReviews } from "~/reviews/components/ProductReviews";
import { listReviewsOrEmpty } from "~/reviews/reviews.server";
import { stockLevelsOrEmpty } from "~/stock/stock.server";
import { JsonLd } from "~/seo/JsonLd";
import { meanRating } from "~/reviews/rating";
import { breadcrumbJsonLd, productGroupJsonLd, serialiseJsonLd } from "~/seo/structured-data";
import { buildListing } from "~/flows/listings/listing";
import { sharePicturePath } from "~/catalogue/art/pictures";
import type { Route } from "./+types/product";
import { readMeasures } from "~/catalogue/fit";
import { sizeFinderAnswer } from "~/catalogue/fit-answer";
import type { SizeFinderSent } from "~/catalogue/components/SizeFinder";
import { fitChartsOf, fitMeasuresOf } from "~/catalogue/fit.server";
import type { AddFields } from "~/cart/intents";
import { pageEndpoint } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { problem } from "~/shared/problems";

/** The size finder's fields a form may send back into itself (X-FIT-1). */
const FINDER_FIELDS = [
  "optionType",
  "heightCm",
  "heightFt",
  "heightIn",
  "weightKg",
  "weightSt",
  "weightLb",
  "chestCm",
  "waistCm",
  "ageYears",
] as const;

/**
 * POST /product/:productId with the size finder's form (X-FIT-1, without JavaScript): the page
 * again with the answer and the size chosen on the picker; a missing or absurd measure is a 400
 * with its sentence. Nothing is stored.
 */
export const action = pageEndpoint(
  { sameOrigin: true, body: { kind: "form", limit: BODY_LIMITS.short }, noStore: true },
  async ({ body, params, context }) => {
    const get = (name: string) => {
      const value = body.get(name);
      return typeof value === "string" ? value.slice(0, 20) : null;
    };
    const fields = Object.fromEntries(FINDER_FIELDS.map((name) => [name, get(name) ?? ""]));
    const catalogue = await catalogueFrom(context);
    const product = findProduct(catalogue, params.productId ?? "");
    const found = sizeFinderAnswer(
      product,
      product ? await fitChartsOf(dbFrom(context), product.id) : new Map(),
      get("optionType"),
      readMeasures(get),
    );
    if (!found.ok) {
      return problem(found.kind, found.message, { extra: { ...found.extra, fields } });
    }
    const { optionType, ...answer } = found.data;
    return { ok: true as const, data: { fields, optionType, answer } };
  },
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const catalogue = await catalogueFrom(context);
  const stored = catalogue.all.get(params.productId);
  // A draft is shown to a signed-in owner only, as a preview (X-CAT-2); an archived product,
  // or a bundle (sold on /accessories), has no page.
  const preview =
    stored?.status === "draft" && !stored.bundle && (await currentOwner(request, context))
      ? stored
      : undefined;
  const product = findProduct(catalogue, params.productId) ?? preview;
  // An unknown id renders "Product not found" (S-PDP-9) with a real 404 status.
  if (!product)
    return data(
      {
        product: null,
        preview: false,
        origin: "",
        trail: [],
        reviews: [],
        rating: null,
        stock: {},
        sizeCharts: {},
        delivery: deliveryPromiseLines(catalogue.settings),
        jsonLd: null,
      },
      { status: 404 },
    );
  const db = dbFrom(context);
  const [reviews, stock, charts] = await Promise.all([
    listReviewsOrEmpty(db, product.id),
    stockLevelsOrEmpty(db, [product.id]),
    fitChartsOf(db, product.id),
  ]);
  const average = meanRating(reviews.map((review) => review.rating));
  const origin = canonicalOrigin(settingsFrom(context), request);
  const rating = average === null ? null : { count: reviews.length, average };
  // Issue 55: Google's merchant listing, built here so its code stays out of the browser.
  const listing = buildListing(product, {
    origin,
    levels: stock,
    now: clockFrom(context).now().getTime(),
  });
  const trail = productTrail(product);
  return {
    product,
    preview: Boolean(preview),
    origin,
    trail,
    reviews,
    rating,
    // The listing and the breadcrumbs, built here so their code stays out of the browser.
    jsonLd: serialiseJsonLd([
      productGroupJsonLd(listing, catalogue.settings.settings, rating),
      breadcrumbJsonLd(trail, origin),
    ]),
    stock,
    // X-FIT-1: which options have a size finder, and what each asks for (not the charts).
    sizeCharts: fitMeasuresOf(charts),
    delivery: deliveryPromiseLines(catalogue.settings),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const product = loaderData?.product;
  if (!product) {
    return pageMeta({
      title: "Product not found",
      description: "This product could not be found.",
    });
  }
  return pageMeta({
    // The owner's SEO title and description when set (X-CAT-1), else the name and description.
    title: product.seoTitle || product.name,
    description: product.seoDescription || product.description,
    // Link previews want a raster picture at 1200 x 630 (issue 55): the owner's first photo
    // (X-PHOTO-3) as a JPEG, else the drawing as a PNG.
    image:
      product.photos?.length || product.images.length
        ? {
            url: `${loaderData.origin}${sharePicturePath(product.id, Boolean(product.photos?.length))}`,
            type: product.photos?.length ? "image/jpeg" : "image/png",
            width: 1200,
            height: 630,
          }
        : undefined,
    product: { pricePence: fromPricePence(product) },
  });
};

function ProductNotFound() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="font-display text-4xl font-bold uppercase">Product not found</h1>
      <p className="mt-4 text-muted">
        We couldn't find that product. It may have sold out or the link may be wrong.
      </p>
      <div className="mt-8 flex justify-center gap-4">
        <button
          type="button"
          onClick={() => void navigate(-1)}
          className="rounded bg-ink px-6 py-3 font-semibold text-paper hover:bg-ink-soft"
        >
          Go Back
        </button>
        <Link to="/" className="rounded px-6 py-3 font-semibold underline underline-offset-4">
          Home
        </Link>
      </div>
    </section>
  );
}

/** Home, the product's section, the product: the page's breadcrumbs and their JSON-LD. */
function productTrail(product: Product): Crumb[] {
  const sectionLabel = product.group
    ? product.group[0]!.toUpperCase() + product.group.slice(1)
    : "Accessories";
  return [
    { label: "Home", to: "/" },
    { label: sectionLabel, to: product.group ? `/${product.group}` : "/accessories" },
    { label: product.name, to: `/product/${product.id}` },
  ];
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, preview, trail, reviews, stock, delivery, sizeCharts, jsonLd } = loaderData;
  const finder = actionData as SizeFinderSent | undefined;
  // The colour chosen: its photos first in the gallery (X-PHOTO-3).
  const [color, setColor] = useState<string>();
  if (!product) return <ProductNotFound />;
  const from = pricesDiffer(product);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {preview ? (
        <p
          role="status"
          className="mb-4 rounded border border-accent bg-accent/10 px-4 py-3 font-semibold"
        >
          Draft preview: only signed-in owners can see this page.{" "}
          <Link to={`/admin/products/${product.id}`} className="underline">
            Edit the product
          </Link>
        </p>
      ) : null}
      {jsonLd ? <JsonLd json={jsonLd} /> : null}
      <Breadcrumbs trail={trail} />
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <ProductGallery key={product.id} product={product} color={color} />
        <div className="flex flex-col gap-5">
          <div>
            <p className="text-xs font-semibold tracking-widest text-muted uppercase">
              {CATEGORY_LABELS[product.category]}
            </p>
            <h1 className="mt-1 font-display text-4xl leading-tight font-bold uppercase sm:text-5xl">
              {product.name}
            </h1>
            <Price
              pence={from ? fromPricePence(product) : product.pricePence}
              wasPence={product.originalPricePence}
              from={from}
              size="large"
              className="mt-3"
            />
          </div>
          <AddToCartForm
            key={product.id}
            product={product}
            stock={stock}
            onColorChange={setColor}
            finder={finder}
            sizeCharts={sizeCharts}
            sent={chosenBy(product.id, finder)}
          />
          <DeliveryPromise lines={delivery} />
          <div className="space-y-3">
            <h2 className="font-display text-2xl font-bold uppercase">Details</h2>
            <p className="leading-relaxed">{product.description}</p>
            {product.highlights.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5">
                {product.highlights.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      </div>
      <ProductReviews
        key={product.id}
        productId={product.id}
        productName={product.name}
        reviews={reviews}
      />
    </div>
  );
}

/** The size finder's answer as the picker's choice, for the page without JavaScript. */
function chosenBy(productId: string, finder: SizeFinderSent | undefined): AddFields | undefined {
  if (!finder?.answer || !finder.optionType) return undefined;
  return {
    productId,
    optionType: finder.optionType,
    size: finder.answer.size,
    beltRank: "",
    color: "",
    customText: "",
    nameCustomisation: false,
    quantity: "1",
  };
}
