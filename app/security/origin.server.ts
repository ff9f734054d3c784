import type { Env } from "~/shared/settings";

/** What the shop's public origin is made from. */
export type OriginSettings = Pick<Env, "PUBLIC_URL" | "NODE_ENV" | "PORT">;

/**
 * The shop's public origin for every absolute URL: canonical, Open Graph, JSON-LD, payment
 * return URLs, links in e-mails (X-SEC-4). PUBLIC_URL when set. Without it, never the request's
 * Host (anyone can send `Host: evil.example`): the development server uses the request's own
 * origin, and a production start without PUBLIC_URL serves on http://localhost:PORT.
 */
export function canonicalOrigin(settings: OriginSettings, request?: Request): string {
  const { PUBLIC_URL, NODE_ENV, PORT } = settings;
  if (PUBLIC_URL) return PUBLIC_URL.replace(/\/+$/, "");
  if (NODE_ENV === "development" && request) return new URL(request.url).origin;
  return `http://localhost:${PORT}`;
}
