// @module-tag driver
import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migratePostgres } from "~/db/client.server";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

/** Drops a database once no connection uses it (error 55006 while one still does). */
async function dropWhenUnused(admin: pg.Client, name: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const dropped = await admin.query(`DROP DATABASE IF EXISTS ${name}`).then(
      () => true,
      (error: { code?: string }) => {
        if (error.code !== "55006") throw error;
        return false;
      },
    );
    if (dropped) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

describe.runIf(onPostgres)("migrations on PostgreSQL", () => {
  it("X-SCALE-1: four processes starting together on a fresh database migrate it once", { tags: ["race"] }, async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `grip_truth_migrate_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: url.toString() }));
    try {
      await Promise.all(pools.map((pool) => migratePostgres(pool)));
      const journal = JSON.parse(await readFile("drizzle/meta/_journal.json", "utf8")) as {
        entries: unknown[];
      };
      const { rows } = await pools[0]!.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations",
      );
      expect(rows[0]!.n).toBe(journal.entries.length);
      const codes = await pools[0]!.query("SELECT count(*)::int AS n FROM discount_codes");
      expect(codes.rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      // The pools' connections take a moment to leave the server: a forced drop would cut one
      // mid-goodbye (an uncaught "terminating connection"), so wait while it is in use.
      await dropWhenUnused(admin, name);
      await admin.end();
    }
  });
});
