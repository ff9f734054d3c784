// npm run test:faults (issue 40 item 4, X-SAFE-5): the built shop on a PostgreSQL this script makes itself
// (initdb/pg_ctl in a temporary directory, port FAULTS_PG_PORT, never the machine's shared
// server), restarted with `pg_ctl restart -m fast` while 20 buyers check out. Every answer during
// the gap must be a 503 with Retry-After and the short-break sentence (never another 5xx); the
// shop must serve again without a restart; every order paid before, during or after the gap must
// be stored once, paid once and e-mailed once. Then Redis stopped, the bucket unreachable and
// SMTP failing (tests/data/*-fault.test.ts, the "faults" Vitest project) on both drivers.
// Prints what it saw; exits non-zero on any failed check.
// Without PostgreSQL binaries it skips, except in CI (CI=true), where that is a failure.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import "./check-node.mjs";
import { privatePostgres } from "./private-postgres.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const PG_PORT = Number(process.env.FAULTS_PG_PORT || 5433);
const PORT = Number(process.env.FAULTS_PORT || 4321);
const BUYERS = 20;
const ORDERS_EACH = 3;
const SHORT_BREAK = "The shop is having a short break. Please try again in a minute.";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const failures = [];
const figures = [];
function check(ok, message) {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${message}`);
  if (!ok) failures.push(message);
}

const postgres = privatePostgres("test:faults", PG_PORT, { maxConnections: 60 });
const { dataDir, url: databaseUrl } = postgres;
let shop;
function startShop() {
  const child = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      REDIS_URL: "",
      SMTP_URL: "",
      PAYMENTS: "sandbox",
      OUTBOX_POLL_MS: "200",
      OUTBOX_CLAIM_SECONDS: "5",
      PG_POOL_MAX: "20",
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = [];
  child.stdout.on("data", (chunk) => log.push(String(chunk)));
  child.stderr.on("data", (chunk) => log.push(String(chunk)));
  shop = { child, log, base: `http://127.0.0.1:${PORT}` };
}
async function healthy(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${shop.base}/api/health`).catch(() => undefined);
    if (response?.status === 200) return true;
    if (shop.child.exitCode !== null) return false;
    await sleep(100);
  }
  return false;
}

const CART = {
  cartItems: [
    {
      productId: "mens-ranked-gorilla-no-gi-set",
      optionType: "Rashguard",
      size: "L",
      beltRank: "Blue",
      quantity: 1,
    },
  ],
};
const paymentBody = (n) =>
  new URLSearchParams({
    firstName: "Buyer",
    lastName: `Number${n}`,
    email: `buyer${n}@example.com`,
    phone: "07700 900123",
    address: `${n} Fault Street`,
    city: "Leeds",
    postcode: "LS1 1AA",
    country: "United Kingdom",
    sameAsShipping: "on",
    cardNumber: "4242 4242 4242 4242",
    cardName: "BUYER",
    expiryDate: "12/35",
    cvv: "123",
  });
const from = (n) => ({ "x-forwarded-for": `10.9.${(n >> 8) & 255}.${n & 255}` });

/** Every answer the buyers got: status, and for a 503 whether it said Retry-After and the sentence. */
const answers = [];
let restarting = false;
/** One request, asked again after a 503 (as a browser's "try again" would), at most 200 times. */
async function ask(url, init) {
  for (let attempt = 0; attempt < 200; attempt++) {
    let response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      answers.push({
        status: "network",
        during: restarting,
        error: String(error.cause?.code ?? error),
      });
      await sleep(100);
      continue;
    }
    const text = await response.text();
    const answer = { status: response.status, during: restarting };
    if (response.status >= 500) {
      answer.retryAfter = response.headers.get("retry-after");
      answer.sentence = text.includes(SHORT_BREAK);
      if (!answer.sentence) answer.text = text.slice(0, 300);
    }
    answers.push(answer);
    if (response.status !== 503) return { response, text };
    await sleep(100);
  }
  const last = answers.at(-1);
  throw new Error(
    `${url} answered 503 200 times (during the restart: ${last.during}; ${last.text ?? "the short-break sentence"})`,
  );
}

/** A buyer places ORDERS_EACH orders: create, pay, verify; each step again after a 503. */
async function buyer(b, progress) {
  const sessions = [];
  for (let k = 0; k < ORDERS_EACH; k++) {
    const n = b * 10 + k;
    const created = await ask(`${shop.base}/api/create-checkout-session`, {
      method: "POST",
      headers: { "content-type": "application/json", ...from(n) },
      body: JSON.stringify(CART),
    });
    if (created.response.status !== 200)
      throw new Error(`create answered ${created.response.status}: ${created.text}`);
    const { sessionId } = JSON.parse(created.text);
    // The browser that opened the checkout keeps its signed receipt cookie: only it is told the
    // order by verify-order (X-SEC-20).
    const cookie = created.response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    await ask(`${shop.base}/payment?session_id=${encodeURIComponent(sessionId)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...from(n) },
      body: paymentBody(n),
      redirect: "manual",
    });
    const verified = await ask(`${shop.base}/api/verify-order`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, ...from(n) },
      body: JSON.stringify({ sessionId }),
    });
    const body = JSON.parse(verified.text);
    sessions.push({
      sessionId,
      paid: verified.response.status === 200 && body.session?.status === "paid",
    });
    progress();
  }
  return sessions;
}

async function query(text, values) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
function emailsPerOrder() {
  const dir = path.join(dataDir, "outbox");
  const counts = new Map();
  for (const file of existsSync(dir) ? readdirSync(dir) : []) {
    if (!file.endsWith(".eml")) continue;
    const subject = readFileSync(path.join(dir, file), "utf8").match(/order (GT-\d+)/);
    if (subject) counts.set(subject[1], (counts.get(subject[1]) ?? 0) + 1);
  }
  return counts;
}

async function main() {
  console.log(`test:faults on a PostgreSQL of its own, port ${PG_PORT}; the shop on ${PORT}`);
  if (process.env.FAULTS_SKIP_BUILD !== "1") {
    console.log("Building the shop…");
    const built = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
      stdio: "ignore",
    });
    if (built.status !== 0) throw new Error("The build failed.");
  }
  await postgres.create();
  startShop();
  if (!(await healthy(90_000))) throw new Error(`The shop did not start:\n${shop.log.join("")}`);

  console.log(
    `\n1. PostgreSQL restarted (pg_ctl restart -m fast) under ${BUYERS} buyers, ${ORDERS_EACH} orders each`,
  );
  let done = 0;
  let restarted;
  const halfway = new Promise((resolve) => (restarted = resolve));
  const progress = () => {
    done += 1;
    if (done === Math.floor((BUYERS * ORDERS_EACH) / 3)) restarted();
  };
  const started = performance.now();
  const buyers = Promise.all(Array.from({ length: BUYERS }, (_, b) => buyer(b, progress)));
  await Promise.race([halfway, buyers]);
  const doneBefore = done;
  restarting = true;
  const restartAt = performance.now();
  postgres.restart("fast");
  const restartMs = performance.now() - restartAt;
  // The gap as the buyers see it lasts until the shop answers its health check again.
  const back = await healthy(30_000);
  restarting = false;
  const recoveredMs = performance.now() - restartAt;
  const sessions = (await buyers).flat();
  const seconds = (performance.now() - started) / 1000;
  figures.push(
    `${sessions.length} checkouts in ${seconds.toFixed(1)} s; ${doneBefore} done before the restart; pg_ctl restart took ${restartMs.toFixed(0)} ms; the shop answered again ${recoveredMs.toFixed(0)} ms after it began`,
  );
  check(back, "the shop serves again after the restart, without being restarted itself");

  const byStatus = new Map();
  for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  figures.push(`answers: ${[...byStatus].map(([status, n]) => `${status} ×${n}`).join(", ")}`);
  const fiveHundreds = answers.filter((a) => typeof a.status === "number" && a.status >= 500);
  check(
    fiveHundreds.every((a) => a.status === 503),
    `no 5xx other than 503 (${fiveHundreds.filter((a) => a.status !== 503).length} others)`,
  );
  for (const other of fiveHundreds.filter((a) => a.status !== 503 || !a.sentence).slice(0, 5)) {
    console.log(`       ${other.status}: ${other.text ?? "(the sentence)"}`);
  }
  check(
    fiveHundreds.every((a) => a.retryAfter && a.sentence),
    `every 503 says Retry-After and "${SHORT_BREAK}" (${fiveHundreds.length} 503s)`,
  );
  check(
    answers.every((a) => a.status !== "network"),
    "no connection was refused or dropped by the shop",
  );

  const ids = sessions.map((s) => s.sessionId);
  check(
    sessions.length === BUYERS * ORDERS_EACH && sessions.every((s) => s.paid),
    `all ${BUYERS * ORDERS_EACH} checkouts verified paid`,
  );
  const rows = await query(
    "SELECT payment_session_id, order_number, payment_status, paid_at FROM orders WHERE payment_session_id = ANY($1)",
    [ids],
  );
  const perSession = new Map();
  for (const row of rows)
    perSession.set(row.payment_session_id, (perSession.get(row.payment_session_id) ?? 0) + 1);
  check(
    ids.every((id) => perSession.get(id) === 1) &&
      rows.every((r) => r.payment_status === "paid" && r.paid_at),
    `each stored once and paid once (${rows.length} orders for ${ids.length} sessions)`,
  );
  const deadline = Date.now() + 30_000;
  let waiting;
  do {
    [{ n: waiting }] = await query(
      "SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL",
    );
    if (waiting > 0) await sleep(250);
  } while (waiting > 0 && Date.now() < deadline);
  const mails = emailsPerOrder();
  const numbers = rows.map((r) => r.order_number);
  check(
    numbers.every((number) => mails.get(number) === 1),
    `each paid order e-mailed once (${numbers.filter((n) => mails.get(n) === 1).length} of ${numbers.length}; ${numbers.filter((n) => (mails.get(n) ?? 0) > 1).length} doubled)`,
  );
}

let exitCode = 0;
const begun = performance.now();
try {
  await main();
} catch (error) {
  console.error("\ntest:faults could not run to the end:", error);
  console.error(
    `The shop's log, last lines:\n${(shop?.log.join("") ?? "").split("\n").slice(-40).join("\n")}`,
  );
  failures.push(String(error));
} finally {
  if (shop && shop.child.exitCode === null) shop.child.kill("SIGKILL");
  postgres.remove();
  console.log("\nFigures:");
  for (const line of figures) console.log(`  ${line}`);
  console.log(`  test:faults took ${((performance.now() - begun) / 1000).toFixed(1)} s`);
  if (failures.length) {
    console.error(`\ntest:faults FAILED (${failures.length}):\n  ${failures.join("\n  ")}`);
    exitCode = 1;
  } else {
    console.log("\ntest:faults passed.");
  }
}

// 2-4. Redis stopped, the bucket unreachable, SMTP failing: tests/data/*-fault.test.ts (the
// "faults" Vitest project), each with its own redis-server, s3rver and SMTP server, on PGlite and
// on PostgreSQL (always in CI, as the data tests).
const postgresUrl =
  process.env.TEST_DATABASE_URL ||
  (process.env.CI === "true" ? "postgres://postgres@127.0.0.1:5432/test" : "");
const drivers = [
  ["PGlite", { TEST_DB_DRIVER: "pglite", DATABASE_URL: "" }],
  ...(postgresUrl
    ? [
        [
          "PostgreSQL",
          { TEST_DB_DRIVER: "postgres", TEST_DATABASE_URL: postgresUrl, DATABASE_URL: "" },
        ],
      ]
    : []),
];
for (const [label, env] of drivers) {
  console.log(`\n2-4. Redis stopped, the bucket down, SMTP failing, on ${label}`);
  const result = spawnSync(
    process.execPath,
    ["node_modules/vitest/vitest.mjs", "run", "--project", "faults"],
    { stdio: "inherit", env: { ...process.env, ...env } },
  );
  if (result.status !== 0) {
    console.error(`test:faults: the fault tests failed on ${label}.`);
    exitCode = result.status ?? 1;
  }
}
process.exit(exitCode);
