import { importCatalogueCsv } from "~/catalogue/editing/csv.server";
import { clockFrom } from "~/db/context.server";
import { endpoint, statusOf, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/admin/products/import (text/csv): {created, updated}, or 422 {errors} and no change. */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: {
      kind: "raw",
      limit: BODY_LIMITS.catalogueFile,
      tooLarge: "A catalogue file can be at most 2 MB.",
    },
    noStore: true,
  },
  async ({ db, body, owner, context }) => {
    const result = await importCatalogueCsv(db, body, owner!.email, clockFrom(context).now());
    return result.ok
      ? Response.json({ created: result.created, updated: result.updated })
      : Response.json({ errors: result.errors }, { status: statusOf(result) });
  },
);

export const loader = writeOnly();
