// Lighthouse on the home, a category and a product page (X-SHOP-1): SEO must be 100;
// accessibility and performance are printed for information.
//   node scripts/lighthouse.mjs                      serves the build on a throw-away data directory
//   node scripts/lighthouse.mjs http://localhost:3000 uses a running server
//   --pages /,/checkout   other pages (SEO is required only of the home, category and product)
//   --json file           writes each page's scores and metrics there (npm run bench)
// Builds first when there is no build. Exits 1 when a page's SEO score is below 100.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import "./check-node.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const SEO_PAGES = ["/", "/mens", "/product/mens-grip-n-trip-thai-shorts"];
const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const PAGES = option("--pages")?.split(",") ?? SEO_PAGES;
const jsonOut = option("--json");
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  cls: "cumulative-layout-shift",
  tbtMs: "total-blocking-time",
  speedIndexMs: "speed-index",
};
const CATEGORIES = ["seo", "accessibility", "performance"];
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];

async function waitForHealth(base, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The server at ${base} did not answer /api/health in time.`);
}

let server;
let base = args[0]?.replace(/\/+$/, "");
if (!base) {
  if (!existsSync("build/server/index.js")) {
    const build = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
      stdio: "inherit",
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  // Not 4190: browsers and fetch refuse it (the "bad ports" list).
  const port = process.env.LIGHTHOUSE_PORT ?? "4180";
  base = `http://localhost:${port}`;
  server = spawn(process.execPath, ["server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: port,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "grip-truth-lighthouse-")),
      DATABASE_URL: "",
      // A test shop: the sandbox takes the payments (a production server must say so, X-SEC-1).
      PAYMENTS: "sandbox",
    },
  });
}

let chrome;
let failed = false;
const results = {};
try {
  await waitForHealth(base);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  console.log(`Lighthouse (mobile) on ${base}\n`);
  console.log(`${"page".padEnd(42)}${CATEGORIES.map((c) => c.padStart(15)).join("")}`);
  for (const page of PAGES) {
    const result = await lighthouse(`${base}${page}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const categories = result?.lhr.categories ?? {};
    const scores = CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100));
    const audits = result?.lhr.audits ?? {};
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [key, audits[id]?.numericValue ?? null]),
    );
    results[page] = { ...Object.fromEntries(CATEGORIES.map((c, i) => [c, scores[i]])), ...metrics };
    console.log(
      `${page.padEnd(42)}${scores.map((s) => String(s).padStart(15)).join("")}` +
        `   FCP ${Math.round(metrics.fcpMs)} ms, LCP ${Math.round(metrics.lcpMs)} ms, CLS ${metrics.cls?.toFixed(3)}`,
    );
    if (scores[0] < 100 && SEO_PAGES.includes(page)) {
      failed = true;
      for (const audit of Object.values(result.lhr.audits)) {
        const inSeo = categories.seo.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0);
        if (inSeo && audit.score !== null && audit.score < 1) {
          console.log(`    SEO: ${audit.id}: ${audit.title}`);
        }
      }
    }
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
} finally {
  await chrome?.kill();
  server?.kill("SIGTERM");
}
if (failed) {
  console.error("\nSEO is below 100 on at least one page.");
  process.exit(1);
}
