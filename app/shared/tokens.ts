/**
 * Every link token the shop makes, its shape, and every route that carries one (X-SEC-27,
 * issue 50). The HTTP edge (app/server/http.server.ts) answers 404 to a request whose token is
 * not of its route's shape (a NUL, a "%", any other character, a wrong length) before a route or
 * the database sees it, and the logs name a token route by its pattern, never by its token
 * (`redactTokens`). A new token route is added here; `tokens.test.ts` checks that every `:token`
 * route of app/routes.ts is listed.
 */

const BASE64URL = "[A-Za-z0-9_-]";
const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

/** The shapes, as each is made. */
export const TOKEN_PATTERNS = {
  /** A back-in-stock alert's confirm and unsubscribe links: 24 random bytes, base64url. */
  stockAlert: new RegExp(`^${BASE64URL}{32}$`),
  /** An owner's set-password link (an invitation or a reset): 32 random bytes, base64url. */
  ownerLink: new RegExp(`^${BASE64URL}{43}$`),
  /**
   * A team store's organiser's or members' key: 24 random bytes, base64url (a members' key given
   * at the upgrade is 32 hex characters, which fit too).
   */
  teamKey: new RegExp(`^${BASE64URL}{32}$`),
  /** A roster invitation's choice: the choice as base64url JSON, a dot, its HMAC-SHA256. */
  teamChoice: new RegExp(`^${BASE64URL}{1,1900}\\.${BASE64URL}{43}$`),
  /** A review link: the order's id, a dot, its HMAC-SHA256. */
  review: new RegExp(`^${UUID}\\.${BASE64URL}{43}$`),
  /** A payment session (the receipt and the payment page): the providers' cs_test_…, cs_live_…. */
  paymentSession: new RegExp(`^cs_${BASE64URL}{1,252}$`),
} as const;

export interface TokenRoute {
  /** React Router's pattern ("/stock-alerts/confirm/:token"). */
  path: string;
  /** Path parameters that are tokens, and their shape. */
  params?: Readonly<Record<string, RegExp>>;
  /** Query parameters that are tokens (when given), and their shape. */
  query?: Readonly<Record<string, RegExp>>;
}

/** Every route that carries a token in its path or its query. */
export const TOKEN_ROUTES: readonly TokenRoute[] = [
  { path: "/stock-alerts/confirm/:token", params: { token: TOKEN_PATTERNS.stockAlert } },
  { path: "/stock-alerts/unsubscribe/:token", params: { token: TOKEN_PATTERNS.stockAlert } },
  { path: "/admin/set-password/:token", params: { token: TOKEN_PATTERNS.ownerLink } },
  {
    path: "/team/:slug",
    query: { key: TOKEN_PATTERNS.teamKey, choice: TOKEN_PATTERNS.teamChoice },
  },
  { path: "/team/:slug/organiser", query: { key: TOKEN_PATTERNS.teamKey } },
  { path: "/team/:slug/organiser/entries", query: { key: TOKEN_PATTERNS.teamKey } },
  { path: "/team/:slug/organiser/roster.csv", query: { key: TOKEN_PATTERNS.teamKey } },
  { path: "/product/:productId", query: { review: TOKEN_PATTERNS.review } },
  { path: "/product/:productId/reviews/new", query: { review: TOKEN_PATTERNS.review } },
  { path: "/payment", query: { session_id: TOKEN_PATTERNS.paymentSession } },
  { path: "/order-confirmation", query: { session_id: TOKEN_PATTERNS.paymentSession } },
];

/** A pathname as the routes see it: React Router's data requests ("….data") count as their page. */
function segmentsOf(pathname: string): string[] {
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  return page.replace(/\/+$/, "").split("/").slice(1);
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The token route a raw (percent-encoded) pathname belongs to, with its decoded parameters. */
export function tokenRouteOf(
  pathname: string,
): { route: TokenRoute; params: Record<string, string | undefined> } | undefined {
  const given = segmentsOf(pathname);
  for (const route of TOKEN_ROUTES) {
    const parts = route.path.split("/").slice(1);
    if (parts.length !== given.length) continue;
    const params: Record<string, string | undefined> = {};
    const matches = parts.every((part, index) => {
      const segment = given[index]!;
      if (part.startsWith(":")) {
        if (segment === "") return false;
        params[part.slice(1)] = decoded(segment);
        return true;
      }
      return decoded(segment)?.toLowerCase() === part.toLowerCase();
    });
    if (matches) return { route, params };
  }
  return undefined;
}

/**
 * Whether a request's tokens are of their route's shape: true for a route without tokens, or
 * whose query tokens are absent; false for any token that is not (every value of a repeated
 * query parameter counts).
 */
export function tokensAreWellFormed(pathname: string, search: string): boolean {
  const found = tokenRouteOf(pathname);
  if (!found) return true;
  for (const [name, pattern] of Object.entries(found.route.params ?? {})) {
    const value = found.params[name];
    if (value === undefined || !pattern.test(value)) return false;
  }
  if (found.route.query) {
    let query: URLSearchParams;
    try {
      query = new URLSearchParams(search);
    } catch {
      return false;
    }
    for (const [name, pattern] of Object.entries(found.route.query)) {
      if (query.getAll(name).some((value) => !pattern.test(value))) return false;
    }
  }
  return true;
}

/** A pathname for a log line: a token route's token parameters named, not given. */
export function redactTokens(pathname: string): string {
  const found = tokenRouteOf(pathname);
  if (!found?.route.params) return pathname;
  const tokens = found.route.params;
  return found.route.path
    .split("/")
    .map((part) => {
      if (!part.startsWith(":")) return part;
      const name = part.slice(1);
      return name in tokens ? `:${name}` : (found.params[name] ?? part);
    })
    .join("/");
}
