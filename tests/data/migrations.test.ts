import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { migratePostgres } from "~/db/client.server";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

describe.runIf(onPostgres)("migrations on PostgreSQL", () => {
  it("X-SCALE-1: four processes starting together on a fresh database migrate it once", async () => {
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
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
