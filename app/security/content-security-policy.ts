import { createContext, useContext } from "react";

/**
 * The page's Content-Security-Policy (X-SHOP-4): scripts only from this shop, and inline scripts
 * only with this response's nonce. Styles allow inline style attributes (picture rotations);
 * images allow data: and blob: (review photo previews).
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
