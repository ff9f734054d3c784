import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { googleFeed } from "~/flows/listings/feed.server";
import { canonicalOrigin } from "~/security/origin.server";
import type { Route } from "./+types/feed.google";

/**
 * GET /feeds/google.xml (issue 55): the product feed for Google Merchant Center, one item per
 * variant. Kept until the catalogue, stock or settings change; a reader that sends the ETag or
 * the date it has gets a 304.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const catalogue = await catalogueFrom(context);
  const origin = canonicalOrigin(settingsFrom(context), request);
  const feed = await googleFeed(
    dbFrom(context),
    catalogue,
    origin,
    clockFrom(context).now().getTime(),
  );
  const headers = {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=300",
    ETag: feed.etag,
    "Last-Modified": new Date(feed.lastModified).toUTCString(),
  };
  const ifNoneMatch = request.headers.get("If-None-Match");
  const ifModifiedSince = request.headers.get("If-Modified-Since");
  const unchanged = ifNoneMatch
    ? ifNoneMatch.split(",").some((tag) => tag.trim() === feed.etag || tag.trim() === "*")
    : ifModifiedSince !== null && Date.parse(ifModifiedSince) >= feed.lastModified;
  if (unchanged) return new Response(null, { status: 304, headers });
  return new Response(feed.xml, { headers });
}
