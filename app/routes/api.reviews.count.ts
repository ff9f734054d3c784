import { countReviews } from "~/reviews/count.server";

export async function loader() {
  try {
    return Response.json({ count: await countReviews() });
  } catch (error) {
    console.error("Could not count reviews:", error);
    return Response.json({ error: "Could not count reviews right now." }, { status: 503 });
  }
}
