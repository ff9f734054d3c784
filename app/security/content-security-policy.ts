import { createContext, useContext } from "react";

/** Which inline scripts may run: this response's nonce, or the hashes of a shared cached page's
 *  own inline scripts (X-PERF-3: the same bytes go to many people, so no nonce). */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

/**
 * The page's Content-Security-Policy (X-SHOP-4): scripts only from this shop, and inline scripts
 * only with this response's nonce (or, on a cached page, their sha256 hashes). Styles allow
 * inline style attributes (picture rotations); images allow data: and blob: (review photo
 * previews).
 */
export function contentSecurityPolicy(inline: InlineScripts): string {
  const sources =
    "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.map((hash) => `'${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...sources].join(" "),
    "style-src 'self' 'unsafe-inline'",
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
