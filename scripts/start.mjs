// `npm start`: build when there is no build yet, then serve it in this same process (so stopping
// this process stops the server).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "./check-node.mjs";

// Secrets at rest (X-SEC-22): what the shop writes (DATA_DIR, mail, backups) is its user's only.
process.umask(0o077);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (existsSync(".env")) process.loadEnvFile(".env");

// A production server must say who takes payments (X-SEC-1). With nothing configured (the quick
// start: `npm ci && npm start`), `npm start` runs the sandbox and says so; with a Stripe key set
// the choice is left to the operator, and the shop explains what is missing.
if (!process.env.PAYMENTS && !process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_WEBHOOK_SECRET) {
  process.env.PAYMENTS = "sandbox";
  console.log(
    "PAYMENTS is not set: npm start runs the sandbox (test cards only, no card is charged). Set PAYMENTS=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.",
  );
}

if (!existsSync("build/server/index.js")) {
  console.log("No build found: building the shop first…");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../server.mjs");
