// npm run test:speed (X-PF-5, issue 51): the shop's cached pages against a plain Node static
// server answering the very same bytes and headers, loaded alternately by one client
// (autocannon, 32 connections) in one run. Fails when a page's requests a second fall under
// RATIO_FLOOR × the static server's. A ratio, not a time: both sides share this machine and this
// moment, so a slow or busy machine slows both. Builds first when there is no build.
// Ports: SPEED_PORT (default 4420) and the one after it.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import "./check-node.mjs";
import { PAGE_KINDS } from "./page-weight.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const PORT = Number(process.env.SPEED_PORT ?? 4420);
const SECONDS = Number(process.env.SPEED_SECONDS ?? 2);
const ROUNDS = Number(process.env.SPEED_ROUNDS ?? 3);
const CONNECTIONS = 32;
export const RATIO_FLOOR = 0.8;
/** The cached catalogue and information pages (the shop's HTML cache keeps these). */
const PAGES = {
  home: PAGE_KINDS.home,
  collection: PAGE_KINDS.collection,
  product: PAGE_KINDS.product,
  faq: "/faq",
};

if (!existsSync("build/server/index.js")) {
  const built = spawnSync(process.execPath, ["node_modules/.bin/react-router", "build"], {
    stdio: "inherit",
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const children = [];
const stopAll = () => children.forEach((child) => child.exitCode === null && child.kill("SIGTERM"));
process.on("exit", stopAll);

/** The raw answer (gzip bytes as sent, headers) to one GET asking for gzip. */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

async function until(check, what) {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within a minute.`);
}

const shopBase = `http://127.0.0.1:${PORT}`;
children.push(
  spawn(process.execPath, ["server.mjs"], {
    // The log lines are written as in production (to a pipe nobody reads costs the same).
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "grip-truth-speed-")),
      DATABASE_URL: "",
      REDIS_URL: "",
      PAYMENTS: "sandbox",
      BACKGROUND_WORK: "off",
    },
  }),
);
await until(async () => (await fetch(`${shopBase}/api/health/ready`)).ok, "The shop starting");

// Each page as the cache answers it, kept for the static server: the same bytes, the same headers.
const copies = {};
for (const [kind, page] of Object.entries(PAGES)) {
  let answer;
  await until(async () => {
    answer = await rawGet(shopBase + page);
    return answer.status === 200 && answer.headers["x-cache"] === "HIT";
  }, `${page} being answered from the page cache`);
  const headers = { ...answer.headers };
  for (const name of ["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"])
    delete headers[name];
  copies[page] = { headers, body: answer.body.toString("base64"), kind };
}

// The plain static server: its own process, as the shop is, answering from memory.
const staticPort = PORT + 1;
const staticServer = spawn(
  process.execPath,
  [
    "--input-type=module",
    "-e",
    `import http from "node:http";
     const copies = JSON.parse(process.env.COPIES);
     for (const copy of Object.values(copies)) copy.body = Buffer.from(copy.body, "base64");
     http.createServer((req, res) => {
       const copy = copies[req.url];
       if (!copy) { res.writeHead(404); res.end(); return; }
       res.writeHead(200, copy.headers);
       res.end(copy.body);
     }).listen(${staticPort}, "127.0.0.1");`,
  ],
  {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, COPIES: JSON.stringify(copies) },
  },
);
children.push(staticServer);
const staticBase = `http://127.0.0.1:${staticPort}`;
await until(async () => (await fetch(staticBase + PAGES.home)).ok, "The static server starting");

async function rate(url) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "accept-encoding": "gzip" },
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${url}: ${bad} of ${result.requests.total} requests failed.`);
  return result.requests.average;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const failures = [];
console.log(
  `Cached pages against a static server, ${ROUNDS} × ${SECONDS} s each, ${CONNECTIONS} connections (X-PF-5)`,
);
console.log("page        shop req/s   static req/s   ratio");
for (const [kind, page] of Object.entries(PAGES)) {
  const shop = [];
  const plain = [];
  // Alternately, so a change in the machine's load falls on both.
  for (let round = 0; round < ROUNDS; round++) {
    shop.push(await rate(shopBase + page));
    plain.push(await rate(staticBase + page));
  }
  const ratio = median(shop) / median(plain);
  console.log(
    `${kind.padEnd(10)} ${String(Math.round(median(shop))).padStart(11)} ${String(Math.round(median(plain))).padStart(14)}   ${ratio.toFixed(2)}`,
  );
  if (ratio < RATIO_FLOOR)
    failures.push(`${page}: ${ratio.toFixed(2)}× the static server (floor ${RATIO_FLOOR}×)`);
}
stopAll();
if (failures.length > 0) {
  console.error(`The cached pages' hit path is too slow:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log(`Every cached page at ≥ ${RATIO_FLOOR}× the static server.`);
