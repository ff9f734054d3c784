import { data, useLocation } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { settingsPolicy } from "~/policy/policy";
import { pageMeta } from "~/seo/meta";
import { InfoPageShell } from "~/ui/InfoPageShell";
import { infoPageForPath } from "~/content/pages";
import type { Route } from "./+types/info-page";

/**
 * Every information page of INFO_PAGE_SLUGS (S-INFO-1). The route is registered once per slug
 * (ids `info-<slug>`), so the path says which page this is; /refunds and /returns share one.
 */
export function meta({ location }: Route.MetaArgs) {
  const page = infoPageForPath(location.pathname);
  if (!page) return pageMeta({ title: "Page not found", description: "This page does not exist." });
  return pageMeta({ title: page.title, description: page.description });
}

/** The figures the owner's settings make (X-TRUE-2), for the pages that quote them. */
export async function loader({ context }: Route.LoaderArgs) {
  return { policy: settingsPolicy((await catalogueFrom(context)).settings) };
}

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const page = infoPageForPath(pathname);
  if (!page) throw data("Page not found", { status: 404 });
  const { Body } = page;
  return (
    <InfoPageShell eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
      <Body policy={loaderData.policy} />
    </InfoPageShell>
  );
}
