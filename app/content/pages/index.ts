import { INFO_PAGE_SLUGS, type InfoPageSlug } from "../info-page-slugs";
import { about } from "./about";
import { contact } from "./contact";
import { delivery } from "./delivery";
import { privacyPolicy } from "./privacy-policy";
import { returns } from "./returns";
import { shipping } from "./shipping";
import { termsOfService } from "./terms-of-service";
import type { InfoPageContent } from "./types";

export type { InfoPageContent } from "./types";
/** The tracking page (routes/tracking.tsx) shows this help under its order lookup. */
export { tracking as trackingHelp } from "./tracking";

/** Every slug of INFO_PAGE_SLUGS; /refunds and /returns are the same policy (S-INFO-1). */
export const INFO_PAGES: Record<InfoPageSlug, InfoPageContent> = {
  delivery,
  refunds: returns,
  returns,
  shipping,
  about,
  contact,
  "privacy-policy": privacyPolicy,
  "terms-of-service": termsOfService,
};

/** "/Delivery/" → "delivery"; anything that is not an information page → undefined. */
export function infoPageSlugFromPath(pathname: string): InfoPageSlug | undefined {
  const candidate = pathname.replace(/^\/+|\/+$/g, "").toLowerCase();
  return INFO_PAGE_SLUGS.find((slug) => slug === candidate);
}

export function infoPageForPath(pathname: string): InfoPageContent | undefined {
  const slug = infoPageSlugFromPath(pathname);
  return slug ? INFO_PAGES[slug] : undefined;
}
