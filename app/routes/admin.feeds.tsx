import { Form, Link } from "react-router";
import { importVariantIdsCsv } from "~/catalogue/editing/variant-ids.server";
import { pageEndpoint, refuse, statusOf, success } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { listingsNow } from "~/flows/listings/feed.server";
import { requireOwner } from "~/owners/guard.server";
import { canonicalOrigin } from "~/security/origin.server";
import { FEED_PATH, FEED_WARNINGS, type FeedWarning, feedWarnings } from "~/seo/feed";
import type { Route } from "./+types/admin.feeds";

export const meta = () => [{ title: "Google listings | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const catalogue = await catalogueFrom(context);
  const origin = canonicalOrigin(settingsFrom(context), request);
  const listings = await listingsNow(
    dbFrom(context),
    catalogue,
    origin,
    clockFrom(context).now().getTime(),
  );
  const products = listings.map((listing) => ({
    id: listing.product.id,
    name: listing.product.name,
    variants: listing.variants.map((variant) => ({
      sku: variant.sku,
      name: variant.name,
      warnings: feedWarnings(listing, variant),
    })),
  }));
  const variants = products.flatMap((p) => p.variants);
  const counts = Object.fromEntries(
    (Object.keys(FEED_WARNINGS) as FeedWarning[]).map((w) => [
      w,
      variants.filter((v) => v.warnings.includes(w)).length,
    ]),
  ) as Record<FeedWarning, number>;
  return { address: `${origin}${FEED_PATH}`, total: variants.length, counts, products };
}

const FILE_MISSING = "Choose the identifiers CSV file to upload.";

/** The identifiers CSV upload (X-FIND-1): every line checked, then saved. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: {
      kind: "multipart",
      limit: BODY_LIMITS.catalogueFile,
      tooLarge: "An identifiers file can be at most 2 MB.",
    },
    noStore: true,
  },
  async ({ db, body, owner }) => {
    const file = body.get("file");
    if (!(file instanceof File) || file.size === 0) return refuse(400, FILE_MISSING);
    let csv: string;
    try {
      csv = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      return refuse(422, 'The file must be saved as UTF-8 CSV ("CSV UTF-8" in Excel).');
    }
    const answer = await importVariantIdsCsv(db, csv, owner!.email);
    if (!answer.ok) return refuse(statusOf(answer), answer.message);
    return success({ message: `Identifiers saved for ${answer.data.saved} variants.` });
  },
);

/** /admin/feeds (issue 55): the feed's address, how many variants it lists, Google's warnings. */
export default function AdminFeeds({ loaderData, actionData }: Route.ComponentProps) {
  const { address, total, counts, products } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Google listings</h1>
      <ActionOutcome outcome={actionData} focus />
      <section
        aria-labelledby="feed-title"
        className="space-y-3 rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="feed-title" className="font-display text-xl font-bold uppercase">
          Product feed
        </h2>
        <p>
          Give this address to Google Merchant Center (Products, Add products, From a file, Add a
          file from a link), or to Meta and comparison sites that read Google&apos;s format:
        </p>
        <p>
          <a
            href={address}
            className="break-all font-mono font-semibold underline"
            data-testid="feed-address"
          >
            {address}
          </a>
        </p>
        <p data-testid="feed-count">
          {total === 1 ? "1 variant" : `${total} variants`} in the feed: each size, colour and
          option of every product on sale.
        </p>
        <p>
          Each variant&apos;s SKU, GTIN and MPN are set on the product&apos;s page (
          <Link to="/admin/products" className="underline">
            Products
          </Link>
          ) or in a spreadsheet: download{" "}
          <a href="/admin/products/identifiers.csv" className="underline">
            the identifiers (CSV)
          </a>
          , fill in the columns and upload it there. What each warning means, and how to add the
          feed: docs/selling-elsewhere.md.
        </p>
        <ul className="list-disc pl-6" aria-label="Warnings in all">
          {(Object.keys(FEED_WARNINGS) as FeedWarning[]).map((warning) => (
            <li key={warning}>
              {counts[warning]} of {total}: {FEED_WARNINGS[warning]}
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="identifiers-title"
        className="space-y-3 rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="identifiers-title" className="font-display text-xl font-bold uppercase">
          Upload identifiers
        </h2>
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3"
        >
          <label className="flex flex-col gap-1 font-semibold">
            Identifiers CSV (product_id, option, size, color, sku, gtin, mpn)
            <input
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              className="font-normal"
            />
          </label>
          <Button>Upload</Button>
        </Form>
      </section>
      <section aria-labelledby="variants-title" className="space-y-4">
        <h2 id="variants-title" className="font-display text-xl font-bold uppercase">
          Variants and warnings
        </h2>
        {products.map((product) => (
          <div
            key={product.id}
            className="overflow-x-auto rounded-lg bg-white p-4 ring-1 ring-black/5"
          >
            <h3 className="font-semibold">
              <Link to={`/admin/products/${product.id}`} className="underline">
                {product.name}
              </Link>
            </h3>
            <table className="mt-2 w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-4">
                    SKU
                  </th>
                  <th scope="col" className="py-1 pr-4">
                    Variant
                  </th>
                  <th scope="col" className="py-1">
                    What Google would warn about
                  </th>
                </tr>
              </thead>
              <tbody>
                {product.variants.map((variant) => (
                  <tr key={variant.sku} className="border-t border-black/10 align-top">
                    <td className="py-1 pr-4 font-mono">{variant.sku}</td>
                    <td className="py-1 pr-4">{variant.name}</td>
                    <td className="py-1">
                      {variant.warnings.length ? (
                        <ul>
                          {variant.warnings.map((warning) => (
                            <li key={warning}>{FEED_WARNINGS[warning]}</li>
                          ))}
                        </ul>
                      ) : (
                        "None"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </section>
    </div>
  );
}
