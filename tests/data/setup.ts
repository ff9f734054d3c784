// Gives every data test file its own empty database on the driver under test:
// a fresh PGlite directory, or a fresh database on the PostgreSQL server.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeEach } from "vitest";
import { placeTestShop, useTestSettings } from "./shop";

// The runner picks the driver (scripts/test-data.mjs); everything else the shop is told through
// its settings (tests/data/shop.ts), never through process.env.
const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "grip-truth-data-"));
placeTestShop({ DATA_DIR: dataDir });
// The data tests count the customers' e-mails in the outbox; the shop's own notices of paid
// orders and return requests (X-DAY-5, on by default) are checked with them on in the files that
// ask for them (useTestSettings({ OWNER_NOTIFICATIONS: "on" })).
useTestSettings({ OWNER_NOTIFICATIONS: "off" });
let dropDatabase: (() => Promise<void>) | undefined;

if (driver === "postgres") {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL must be set for the PostgreSQL data tests.");
  const name = `grip_truth_test_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The PostgreSQL server at ${adminUrl} is expected for these tests and is not reachable: ${String(error)}`,
      { cause: error },
    );
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  placeTestShop({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    // The pool has closed its connections; give the server a moment to see them go before
    // forcing, so no connection of ours is cut mid-goodbye.
    for (let attempt = 0; ; attempt++) {
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        break;
      } catch (error) {
        if (attempt >= 20) {
          await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          break;
        }
        if ((error as { code?: string }).code !== "55006") throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await cleanup.end();
  };
}

// The database is opened (PGlite started, migrations run) in a hook, within the hook's time,
// not inside whichever test asks first: with two files at once on two busy cores that can take
// most of a test's 30 s. A hook before each test, so it runs after the file's own beforeAll
// (which may name the settings it needs); after the first it finds it open.
beforeEach(async () => {
  const { testShop } = await import("./shop");
  await testShop();
});

afterAll(async () => {
  const { closeTestShop } = await import("./shop");
  await closeTestShop();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

export const TEST_DRIVER = driver;
