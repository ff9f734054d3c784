import { useRouteLoaderData } from "react-router";
import { type JsonLdObject, serialiseJsonLd } from "./structured-data";

/** Structured data for search engines (X-SHOP-1). */
export function JsonLd({ data }: { data: JsonLdObject | readonly JsonLdObject[] }) {
  return (
    <script
      type="application/ld+json"
      // Safe: serialiseJsonLd escapes "<", so the JSON cannot end the script element.
      dangerouslySetInnerHTML={{ __html: serialiseJsonLd(data) }}
    />
  );
}

/** The shop's canonical origin, from the root loader (PUBLIC_URL or the request's own). */
export function useOrigin(): string {
  return useRouteLoaderData<{ origin: string }>("root")?.origin ?? "";
}
