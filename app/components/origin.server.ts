import { env } from "~/env.server";

/** The shop's public origin for canonical links: PUBLIC_URL when set, else the request's own. */
export function canonicalOrigin(request: Request): string {
  const configured = env().PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
