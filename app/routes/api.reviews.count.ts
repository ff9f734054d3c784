import { countReviews } from "~/reviews/count.server";
import { logError } from "~/security/log.server";

export async function loader() {
  try {
    return Response.json({ count: await countReviews() });
  } catch (error) {
    logError("Could not count reviews", error);
    return Response.json({ error: "Could not count reviews right now." }, { status: 503 });
  }
}
