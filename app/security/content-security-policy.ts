import { createContext, useContext } from "react";

/** Which inline scripts and `<style>` elements may run: this response's nonce, or the sha256
 *  hashes of a shared cached page's own inline scripts and styles (X-PERF-3: the same bytes go to
 *  many people, so no nonce). */
export type InlineScripts =
  { nonce: string } | { hashes: readonly string[]; styleHashes: readonly string[] };

/**
 * The page's Content-Security-Policy (X-SHOP-4): scripts only from this shop, and inline scripts
 * only with this response's nonce (or, on a cached page, their sha256 hashes). `<style>`
 * elements likewise: the page's own stylesheet is inline (app/perf/page-styles.tsx) and carries
 * the nonce or is listed by hash, so no other `<style>` applies. Inline style attributes stay
 * allowed (picture rotations) through style-src-attr. Images allow data: and blob: (review photo
 * previews).
 */
export function contentSecurityPolicy(inline: InlineScripts): string {
  const quoted = (hashes: readonly string[]) => hashes.map((hash) => `'${hash}'`);
  const [scripts, styles] =
    "nonce" in inline
      ? [[`'nonce-${inline.nonce}'`], [`'nonce-${inline.nonce}'`]]
      : [quoted(inline.hashes), quoted(inline.styleHashes)];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scripts].join(" "),
    ["style-src 'self'", ...styles].join(" "),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

const NonceContext = createContext<string | undefined>(undefined);

/** Set by entry.server for the document render; undefined in the browser, which needs none. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
