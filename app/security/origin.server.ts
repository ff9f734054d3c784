import type { Env } from "~/shared/settings";
import { done, problem, type Result } from "~/shared/problems";
import type { ServiceSettings } from "./service-settings.server";

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

/** The public address the owner saved on /admin/payments (X-OWN-3), if any; PUBLIC_URL wins. */
export function savedPublicUrl(services: ServiceSettings | undefined): string | undefined {
  const url = services?.get("public-address")?.value.url;
  return typeof url === "string" && url ? url : undefined;
}

/** Saves the shop's public address: an http(s) origin such as https://shop.example.co.uk. */
export async function savePublicAddress(
  services: ServiceSettings,
  typed: string,
  actor: string,
): Promise<Result<{ message: string }>> {
  const text = typed.trim();
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.username ||
    url.password ||
    url.search ||
    url.hash ||
    (url.pathname !== "/" && url.pathname !== "")
  ) {
    return problem(
      "invalid_input",
      "Public address: the address customers type, such as https://shop.example.co.uk (no path after it).",
      { extra: { field: "publicUrl" } },
    );
  }
  await services.save("public-address", { value: { url: url.origin } }, actor);
  return done({
    message: `The public address is ${url.origin}: links in pages and e-mails use it from now on.${
      url.protocol === "http:"
        ? " Customers' browsers will warn about an http address: use https once the domain has a certificate."
        : ""
    }`,
  });
}
