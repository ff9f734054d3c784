import { getConnection } from "~/db/client.server";
import { sql } from "drizzle-orm";
import { SHORT_BREAK } from "~/db/availability.server";
import { logError } from "~/security/log.server";

export async function loader() {
  try {
    const { db, driver } = await getConnection();
    await db.execute(sql`select 1`);
    return Response.json({ ok: true, db: driver });
  } catch (error) {
    logError("Health check failed", error);
    return Response.json({ ok: false, error: SHORT_BREAK }, { status: 503 });
  }
}
