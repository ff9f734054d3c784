// Runs the data tests on the embedded database (PGlite), the shop's default, then those whose
// subject is the driver or a race on a PostgreSQL server (issue 48): tagged "race" or "driver" in
// vitest.config.ts's terms. PostgreSQL runs when TEST_DATABASE_URL is set, and always in CI
// (CI=true), where a missing server is a failure, not a skip.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import "./check-node.mjs";

/** A file that tags a test "race" or itself "driver" (the tags of vitest.config.ts). */
const TAGGED = /tags:\s*(\[[^\]]*)?["'](race|driver)["']|@module-tag\s+(race|driver)\b/;
const vitest = ["node_modules/vitest/vitest.mjs", "run", "--project", "data"];
const run = (label, extraEnv, extraArgs = []) => {
  console.log(`\n── Data tests on ${label} ──`);
  const result = spawnSync(process.execPath, [...vitest, ...extraArgs], {
    stdio: "inherit",
    env: { ...process.env, ...extraEnv },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run("PGlite (embedded)", { TEST_DB_DRIVER: "pglite", DATABASE_URL: "" });

const postgresUrl =
  process.env.TEST_DATABASE_URL ||
  (process.env.CI === "true" ? "postgres://postgres@127.0.0.1:5432/test" : "");
if (postgresUrl) {
  // On PostgreSQL, only the tests tagged "race" or "driver" (vitest.config.ts), and only the
  // files that hold one, so no file opens a database for nothing.
  const tagged = readdirSync("tests/data", { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".test.ts") && !file.endsWith("-fault.test.ts"))
    .map((file) => path.join("tests/data", file))
    .filter((file) => TAGGED.test(readFileSync(file, "utf8")));
  run(
    `PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, "//")}): ${tagged.length} files' race and driver tests`,
    { TEST_DB_DRIVER: "postgres", TEST_DATABASE_URL: postgresUrl, DATABASE_URL: "" },
    ["--tags-filter", "race || driver", ...tagged],
  );
} else {
  console.log(
    "\nPostgreSQL data tests skipped: set TEST_DATABASE_URL (CI runs them against 127.0.0.1:5432).",
  );
}
