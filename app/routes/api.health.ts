import { sql } from "drizzle-orm";
import { SHORT_BREAK } from "~/db/availability.server";
import { dbFrom, driverFrom } from "~/db/context.server";
import { logError } from "~/security/log.server";
import type { Route } from "./+types/api.health";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    await dbFrom(context).execute(sql`select 1`);
    return Response.json({ ok: true, db: driverFrom(context) });
  } catch (error) {
    logError("Health check failed", error);
    return Response.json({ ok: false, error: SHORT_BREAK }, { status: 503 });
  }
}
