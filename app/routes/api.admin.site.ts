import { requireOwner } from "~/owners/guard.server";
import { readSite, saveSite } from "~/catalogue/editing/site.server";
import { dbFrom } from "~/db/context.server";
import { endpoint } from "~/security/edge.server";
import type { Route } from "./+types/api.admin.site";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/site: {bannerText, heroHeading, heroText} (X-CAT-5). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  return Response.json(await readSite(dbFrom(context)), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** PUT /api/admin/site with any of them: the content. */
export const action = endpoint(
  {
    methods: ["PUT"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.note },
    noStore: true,
  },
  ({ db, body, owner }) => saveSite(db, body, owner!.email),
);
