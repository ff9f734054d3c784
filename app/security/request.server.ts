import type { Env } from "~/shared/settings";

function configuredOrigin(settings: Pick<Env, "PUBLIC_URL">): string | undefined {
  const url = settings.PUBLIC_URL;
  return url ? new URL(url).origin : undefined;
}

/**
 * The client's address, as the server set it (app/server/http.server.ts writes x-client-address from the
 * socket, or from X-Forwarded-For when TRUST_PROXY is set, and drops any value a client sent).
 */
export function clientAddress(request: Request): string {
  return request.headers.get("x-client-address") ?? "unknown";
}

/**
 * State changes must come from this shop's own pages (X-SHOP-4): a browser always sends Origin
 * on a cross-site POST, so a foreign Origin is refused. Requests without Origin (server-to-server,
 * tests, curl) carry no cookies of ours and are allowed.
 */
export function isSameOrigin(request: Request, settings: Pick<Env, "PUBLIC_URL">): boolean {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === null;
  // X-Forwarded-Host reaches here only from a trusted proxy: the HTTP edge (app/server/http.server.ts) drops it otherwise.
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    const from = new URL(origin);
    if (configuredOrigin(settings) === from.origin) return true;
    return from.host === (host ?? new URL(request.url).host);
  } catch {
    return false;
  }
}

export function jsonError(message: string, status: number, headers?: HeadersInit): Response {
  return Response.json({ error: message }, { status, headers });
}
