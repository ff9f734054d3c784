// The bench's floors (issue 38, item 8: X-PF-1..4 measured). Each shop page is measured in the same run, round-robin,
// against two references:
//   - its no-JS copy: the shop's own HTML for that page with every script (and module preload)
//     removed, gzipped once and served by a plain Node server: what the page's bytes cost to paint;
//   - the bare React Router 8 app (bench/bare-app: React 19, one route of about 300 elements, no
//     styles, express with compression): what hydration costs before any of the shop's code.
// Real throttling (Chromium over CDP, the two links of scripts/throttled-loads.mjs, CPU 4×, cold
// cache, 390 px), median of 5 loads on the 150 ms link and 3 on the 562.5 ms link. Prints first
// paint, hydrated and the ratios (shop ÷ no-JS copy, shop ÷ bare app), the script files and
// first-load JavaScript of each page beside the bare app's (X-PF-2: at most 6 files and the bare
// app's + 12 KB), and the tap on a product card → the product page painted (X-PF-4's measure).
//
//   node scripts/bench-floors.mjs [--pages /,/mens] [--runs n] [--profile slow-4g|devtools|all]
//                                 [--json file] [--copies-alone]
// Ports: FLOORS_PORT (default 4295; the shop) and the two after it (bare app, no-JS copies).
// Builds the bare app every time and the shop when there is no build. Loopback only. The ratios
// are only as good as the machine is quiet: CI holds bytes and request counts, never these times.
/* global window, document, MutationObserver, location, requestAnimationFrame -- run in the page */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright";
import "./check-node.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { measurePage, PAGE_KINDS } from "./page-weight.mjs";
import { CPU_SLOWDOWN, PHONE, PROFILES } from "./throttled-loads.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BARE = path.join(root, "bench/bare-app");
/** X-PF-2: first-load JavaScript at most the bare app's plus this, and this many script files. */
export const JS_OVER_BARE_GZIP = 12 * 1024;
export const MAX_SCRIPT_FILES = 6;

const median = (values) => {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
};
const ratio = (a, b) => (a && b ? Number((a / b).toFixed(2)) : null);

/** Removes every script and module preload: the page as it paints with no JavaScript at all. */
export function withoutScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

/** Records the first paint and the hydration mark (<html data-hydrated>) from the first moment. */
function recorder() {
  const perf = { fcp: null, hydrated: null };
  window.__floors = perf;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") perf.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });
  const mark = () => {
    if (perf.hydrated === null && document.documentElement?.hasAttribute("data-hydrated")) {
      perf.hydrated = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ["data-hydrated"],
  });
}

async function throttledPage(browser, network) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.addInitScript(() => sessionStorage.setItem("gt-splash-seen", "1"));
  await page.addInitScript(recorder);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", network);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** One cold load: first paint and (when the page has scripts) hydrated, in ms. */
async function load(browser, url, network, { hydrates }) {
  const { context, page } = await throttledPage(browser, network);
  try {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    const done = hydrates
      ? () => window.__floors?.hydrated !== null
      : () => window.__floors?.fcp !== null;
    await page.waitForFunction(done, null, { timeout: 120_000, polling: 100 });
    return await page.evaluate(() => window.__floors);
  } finally {
    await context.close();
  }
}

/**
 * In-app navigation (X-PF-4): on the hydrated page `from`, a tap on the first link matching
 * `selector`, timed until the new page's <h1> is painted (two animation frames after it appears).
 */
async function tapToNewContent(browser, url, selector, network) {
  const { context, page } = await throttledPage(browser, network);
  try {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForFunction(() => window.__floors?.hydrated !== null, null, {
      timeout: 120_000,
      polling: 100,
    });
    const link = page.locator(selector).first();
    await link.scrollIntoViewIfNeeded();
    // What a finger does first: the touch (and intent prefetch, where there is one).
    await link.hover();
    return await page.evaluate(
      async ({ selector }) => {
        const before = document.querySelector("h1")?.textContent;
        const startPath = location.pathname;
        const start = performance.now();
        document.querySelector(selector).click();
        await new Promise((resolve) => {
          const check = () => {
            const h1 = document.querySelector("h1")?.textContent;
            if (location.pathname !== startPath && h1 && h1 !== before) resolve();
            else requestAnimationFrame(check);
          };
          check();
        });
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        return performance.now() - start;
      },
      { selector },
    );
  } finally {
    await context.close();
  }
}

async function waitFor(url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer in time.`);
}

/**
 * Serves the no-JS copies: path → gzip bytes made once. Every other request (the fonts, the
 * pictures, the icon) is passed to the shop, so a copy paints with the same fonts and pictures as
 * the page it copies: only the scripts differ. `sameAssets: false` answers them 404 (a copy then
 * paints without waiting for its preloaded fonts: how the floors ran before issue 51).
 */
function serveCopies(copies, port, shop, { sameAssets = true } = {}) {
  const server = http.createServer((request, response) => {
    const body = copies.get(new URL(request.url, "http://x").pathname);
    if (!body) {
      if (!sameAssets) {
        response.writeHead(404).end();
        return;
      }
      const upstream = http.request(
        new URL(request.url, shop),
        { method: request.method, headers: { ...request.headers, host: new URL(shop).host } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstream);
      return;
    }
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "gzip",
      "content-length": body.length,
    });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** Builds the bare app (bench/bare-app), quietly unless it fails. */
export function buildBareApp() {
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
    { cwd: BARE, encoding: "utf8" },
  );
  if (build.status !== 0) throw new Error(`The bare app did not build:\n${build.stderr}`);
}

/**
 * Runs the floors against a shop at `shop` (started by the caller). Answers the summary.
 */
export async function measureFloors(
  shop,
  {
    pages,
    runsBy = { "slow-4g": 5, devtools: 3 },
    profiles = Object.keys(PROFILES),
    port,
    log,
    sameAssets = true,
  },
) {
  const children = [];
  let copiesServer;
  try {
    buildBareApp();
    const bare = `http://127.0.0.1:${port + 1}`;
    const copiesBase = `http://127.0.0.1:${port + 2}`;
    const bareServer = spawn(process.execPath, ["server.mjs"], {
      cwd: BARE,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, PORT: String(port + 1) },
    });
    children.push(bareServer);
    const copies = new Map();
    for (const page of pages) {
      const html = await (await fetch(shop + page)).text();
      copies.set(page, gzipSync(withoutScripts(html), { level: 9 }));
    }
    copiesServer = await serveCopies(copies, port + 2, shop, { sameAssets });
    await waitFor(bare + "/");

    // Bytes and files, measured from the same builds (X-PF-2).
    const bareWeight = await measurePage(bare, "/");
    const summary = {
      bare: {
        jsGzip: bareWeight.jsGzip,
        jsFiles: bareWeight.jsFiles,
        htmlGzip: bareWeight.htmlGzip,
      },
      pages: {},
      profiles: {},
    };
    log(
      `Bare React Router app: ${bareWeight.jsFiles} script files, ${bareWeight.jsGzip} B gzip JS, HTML ${bareWeight.htmlGzip} B gzip`,
    );
    for (const page of pages) {
      const weight = await measurePage(shop, page);
      const overBare = weight.jsGzip - bareWeight.jsGzip;
      summary.pages[page] = {
        jsGzip: weight.jsGzip,
        jsFiles: weight.jsFiles,
        htmlGzip: weight.htmlGzip,
        noJsCopyGzip: copies.get(page).length,
        jsOverBareGzip: overBare,
        withinScriptTarget: weight.jsFiles <= MAX_SCRIPT_FILES && overBare <= JS_OVER_BARE_GZIP,
      };
      log(
        `  ${page.padEnd(44)} ${weight.jsFiles} script files (target ≤ ${MAX_SCRIPT_FILES}), JS ${weight.jsGzip} B gzip = bare + ${overBare} B (target ≤ ${JS_OVER_BARE_GZIP}), HTML ${weight.htmlGzip} B, no-JS copy ${copies.get(page).length} B`,
      );
    }

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      for (const name of profiles) {
        const { network, label } = PROFILES[name];
        const runs = runsBy[name] ?? 5;
        log(
          `\nRound-robin loads (${name}: ${label}, CPU ×${CPU_SLOWDOWN}, cold cache, 390 px, median of ${runs})`,
        );
        const loads = { bare: [], shop: {}, copy: {} };
        for (const page of pages) [loads.shop[page], loads.copy[page]] = [[], []];
        for (let run = 0; run < runs; run++) {
          loads.bare.push(await load(browser, bare + "/", network, { hydrates: true }));
          for (const page of pages) {
            loads.shop[page].push(await load(browser, shop + page, network, { hydrates: true }));
            loads.copy[page].push(
              await load(browser, copiesBase + page, network, { hydrates: false }),
            );
          }
        }
        const bareHydrated = median(loads.bare.map((l) => l.hydrated));
        const bareFirstPaint = median(loads.bare.map((l) => l.fcp));
        const result = { bare: { firstPaintMs: bareFirstPaint, hydratedMs: bareHydrated } };
        log(`  bare app: first paint ${bareFirstPaint} ms, hydrated ${bareHydrated} ms`);
        log(
          `  ${"page".padEnd(44)} ${"paint".padStart(7)} ${"no-JS".padStart(7)} ${"ratio".padStart(6)} ${"hydr.".padStart(7)} ${"bare".padStart(7)} ${"ratio".padStart(6)}`,
        );
        for (const page of pages) {
          const firstPaintMs = median(loads.shop[page].map((l) => l.fcp));
          const hydratedMs = median(loads.shop[page].map((l) => l.hydrated));
          const copyFirstPaintMs = median(loads.copy[page].map((l) => l.fcp));
          result[page] = {
            firstPaintMs,
            noJsFirstPaintMs: copyFirstPaintMs,
            firstPaintRatio: ratio(firstPaintMs, copyFirstPaintMs),
            hydratedMs,
            bareHydratedMs: bareHydrated,
            hydratedRatio: ratio(hydratedMs, bareHydrated),
          };
          const r = result[page];
          log(
            `  ${page.padEnd(44)} ${String(firstPaintMs).padStart(7)} ${String(copyFirstPaintMs).padStart(7)} ${String(r.firstPaintRatio).padStart(6)} ${String(hydratedMs).padStart(7)} ${String(bareHydrated).padStart(7)} ${String(r.hydratedRatio).padStart(6)}`,
          );
        }
        // Tap → new content: a product card on the collection (X-PF-4: within 300 ms, 150 ms link).
        const collection = pages.find((p) => p !== "/" && !p.startsWith("/product/")) ?? "/mens";
        const taps = [];
        for (let run = 0; run < runs; run++) {
          taps.push(
            await tapToNewContent(browser, shop + collection, 'main a[href^="/product/"]', network),
          );
        }
        result.tapToProductMs = median(taps);
        log(
          `  tap on a product card on ${collection} → product page painted: ${result.tapToProductMs} ms`,
        );
        summary.profiles[name] = result;
      }
    } finally {
      await browser.close();
    }
    return summary;
  } finally {
    copiesServer?.close();
    for (const child of children) child.kill("SIGTERM");
  }
}

// ── The command ──────────────────────────────────────────────────────────────────────────────
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.chdir(root);
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args.splice(at, 2)[1];
  };
  const pages = option("--pages")?.split(",").filter(Boolean) ?? Object.values(PAGE_KINDS);
  const runsOption = option("--runs");
  const runsBy = runsOption
    ? { "slow-4g": Number(runsOption), devtools: Number(runsOption) }
    : undefined;
  const jsonOut = option("--json");
  // The copies served alone, their fonts and pictures answered 404 (how the floors ran before).
  const copiesAlone = args.includes("--copies-alone");
  const profileArg = option("--profile") ?? "all";
  const profiles = profileArg === "all" ? Object.keys(PROFILES) : profileArg.split(",");
  if (profiles.some((name) => !PROFILES[name])) {
    console.error(`--profile: one of ${Object.keys(PROFILES).join(", ")} or all`);
    process.exit(1);
  }
  const port = Number(process.env.FLOORS_PORT ?? 4295);
  if (!existsSync("build/server/index.js")) {
    const build = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
      stdio: "inherit",
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const shop = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "grip-truth-floors-")),
      DATABASE_URL: "",
      S3_BUCKET: "",
      PAYMENTS: "sandbox",
    },
  });
  let exitCode = 0;
  try {
    await waitFor(`${shop}/api/health`);
    // Steady state: each page asked a few times first (the shop's page cache).
    for (const page of pages) for (let i = 0; i < 3; i++) await (await fetch(shop + page)).text();
    const summary = await measureFloors(shop, {
      pages,
      profiles,
      port,
      log: console.log,
      sameAssets: !copiesAlone,
      ...(runsBy ? { runsBy } : {}),
    });
    summary.date = new Date().toISOString();
    if (jsonOut) writeFileSync(jsonOut, JSON.stringify(summary, null, 2) + "\n");
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    server.kill("SIGTERM");
  }
  process.exit(exitCode);
}
