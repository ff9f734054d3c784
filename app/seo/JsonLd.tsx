import { useRouteLoaderData } from "react-router";

/**
 * Structured data for search engines (X-SHOP-1), as the loader wrote it with `serialiseJsonLd`
 * (./structured-data.ts): built and written on the server, so none of that code is in the
 * browser's (issue 51 item 5).
 */
export function JsonLd({ json }: { json: string }) {
  return (
    <script
      type="application/ld+json"
      // Safe: serialiseJsonLd escapes "<", so the JSON cannot end the script element.
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** The shop's canonical origin, from the root loader (PUBLIC_URL or the request's own). */
export function useOrigin(): string {
  return useRouteLoaderData<{ origin: string }>("root")?.origin ?? "";
}
