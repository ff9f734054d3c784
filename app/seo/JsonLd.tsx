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
