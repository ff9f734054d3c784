// Runs the data tests on the embedded database (PGlite), then on a PostgreSQL server.
// PostgreSQL runs when TEST_DATABASE_URL is set, and always in CI (CI=true), where a missing
// server is a failure, not a skip.
import { spawnSync } from "node:child_process";
import "./check-node.mjs";

const vitest = ["node_modules/vitest/vitest.mjs", "run", "--project", "data"];
const run = (label, extraEnv) => {
  console.log(`\n── Data tests on ${label} ──`);
  const result = spawnSync(process.execPath, vitest, {
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
  run(`PostgreSQL (${postgresUrl.replace(/\/\/[^@]*@/, "//")})`, {
    TEST_DB_DRIVER: "postgres",
    TEST_DATABASE_URL: postgresUrl,
    DATABASE_URL: "",
  });
} else {
  console.log(
    "\nPostgreSQL data tests skipped: set TEST_DATABASE_URL (CI runs them against 127.0.0.1:5432).",
  );
}
