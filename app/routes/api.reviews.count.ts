import { dbFrom } from "~/db/context.server";
import { countReviews } from "~/reviews/count.server";
import type { Route } from "./+types/api.reviews.count";
import { logError } from "~/security/log.server";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return Response.json({ count: await countReviews(dbFrom(context)) });
  } catch (error) {
    logError("Could not count reviews", error);
    return Response.json({ error: "Could not count reviews right now." }, { status: 503 });
  }
}
