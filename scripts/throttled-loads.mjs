// Real-throttled page loads (issue 22's done-when, issue 25 item 6): Chromium over CDP with the
// network and CPU of a slow phone, a cold cache per load, the median of five loads per page:
//   first paint  first-contentful-paint
//   LCP          the last largest-contentful-paint entry before the page is loaded and hydrated
//   hydrated     when <html data-hydrated> appears (app/root.tsx sets it once React has hydrated)
// Two links, each with the CPU 4 times slower: "slow-4g", Lighthouse's mobile preset as its
// simulation models it (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), and "devtools", the
// same preset as Lighthouse's real ("devtools") throttling applies it (562.5 ms per round trip,
// 1,474 kbit/s down, 675 kbit/s up), where every round trip before the first paint shows. The phone: 390 × 844 CSS px at Pixel 7's density (2.625), as the mobile
// browser tests; the splash (once per browser session) is taken as seen.
//
//   node scripts/throttled-loads.mjs                 a built shop on a fresh database (port
//                                                    THROTTLED_PORT, default 4290): the page kinds,
//                                                    then the photo case below
//   node scripts/throttled-loads.mjs http://localhost:3000 --pages /,/mens   a running shop
//   --pages a,b   the pages (default: home, a collection, a product page, /checkout; "" none)
//   --runs n      loads per page (default 5)
//   --profile p   slow-4g, devtools or all (default: all, in that order; the photo case: slow-4g)
//   --no-photo    leaves the photo case out
//   --json file   writes the summary there (npm run bench)
//
// The photo case (a fresh shop only: it signs in as the owner it creates): two product pages of
// the same kind, loads interleaved, first both with their drawings, then after the owner uploaded
// a 4000 × 3000 JPEG (with grain, so it is not trivially small) to one through
// POST /api/admin/products/:id/photos and the background job made it ready. Issue 22 wants the
// page's LCP with the photo within 0.2 s of the same page with its drawing; the other page, which
// keeps its drawing, shows how much the machine drifted between the two rounds.
// Builds first when there is no build. Loopback only.
/* global window, document, MutationObserver -- recorder() and the page functions run in the page */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, devices } from "playwright";
import sharp from "sharp";
import "./check-node.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { PAGE_KINDS } from "./page-weight.mjs";

export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
/** Lighthouse's "devtools" (real) throttling of its mobile preset: 562.5 ms per round trip,
 *  1,474 kbit/s down, 675 kbit/s up (issue 25 item 5: a page that needs two round trips before its
 *  first paint shows it here). */
export const DEVTOOLS_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
/** The links the command measures, in order. */
export const PROFILES = {
  "slow-4g": { network: SLOW_4G, label: "150 ms, 1.6 Mbit/s down, 750 kbit/s up" },
  devtools: { network: DEVTOOLS_4G, label: "562.5 ms, 1,474 kbit/s down, 675 kbit/s up" },
};
export const CPU_SLOWDOWN = 4;
// The screen as wide as the viewport, as on a real phone: Chromium's preload scanner sizes a
// head preload (imagesizes) by the screen, the page by the viewport, and a mismatch fetches two files.
export const PHONE = {
  ...devices["Pixel 7"],
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
};

/** The product the photo case photographs, and one of the same kind that keeps its drawing. */
export const PHOTO_PRODUCT = "mens-ranked-gorilla-no-gi-set";
export const DRAWN_PRODUCT = "mens-england-no-gi-set";

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2);
};

/** Records the paints and the hydration mark from the document's first moment. */
function recorder() {
  const perf = {
    fcp: null,
    lcp: null,
    lcpElement: null,
    lcpUrl: null,
    lcpSlotWidth: null,
    hydrated: null,
  };
  window.__throttled = perf;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") perf.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    const entry = list.getEntries().at(-1);
    if (!entry) return;
    perf.lcp = entry.startTime;
    perf.lcpElement = entry.element?.tagName?.toLowerCase() ?? null;
    perf.lcpUrl = entry.url || null;
    perf.lcpSlotWidth = entry.element
      ? Math.round(entry.element.getBoundingClientRect().width)
      : null;
  }).observe({ type: "largest-contentful-paint", buffered: true });
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

/** One cold load of `url` on the throttled phone: its first paint, LCP and hydration, in ms. */
async function load(browser, url, network = SLOW_4G) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(() => sessionStorage.setItem("gt-splash-seen", "1"));
    await page.addInitScript(recorder);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", network);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    await page.waitForFunction(() => window.__throttled?.hydrated !== null, null, {
      timeout: 120_000,
      polling: 100,
    });
    const perf = await page.evaluate(() => window.__throttled);
    // What the LCP picture cost: the file the browser chose and its bytes on the wire.
    const lcpBytes = perf.lcpUrl
      ? await page.evaluate(
          (name) => performance.getEntriesByName(name)[0]?.transferSize ?? null,
          perf.lcpUrl,
        )
      : null;
    return { ...perf, lcpBytes };
  } finally {
    await context.close();
  }
}

/**
 * The median of `runs` cold loads of each page, loads of the pages interleaved (so a busy moment
 * of the machine does not land on one page only). Answers { [page]: { firstPaintMs, lcpMs,
 * hydratedMs, lcpElement, lcpUrl, lcpBytes, loads } }.
 */
export async function measurePages(
  base,
  pages,
  { runs = 5, log = console.log, network = SLOW_4G } = {},
) {
  // Steady state, not a fresh process's first answers: each page asked until the shop's page
  // cache answers it (pages it does not keep, a few times).
  for (const page of pages) {
    for (let ask = 0; ask < 10; ask++) {
      const response = await fetch(base + page);
      await response.arrayBuffer();
      if (ask >= 2 && response.headers.get("x-cache") !== "MISS") break;
    }
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const loads = Object.fromEntries(pages.map((page) => [page, []]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const page of pages) loads[page].push(await load(browser, base + page, network));
    }
  } finally {
    await browser.close();
  }
  const result = {};
  for (const page of pages) {
    const all = loads[page];
    const last = all.at(-1);
    result[page] = {
      firstPaintMs: median(all.map((l) => l.fcp)),
      lcpMs: median(all.map((l) => l.lcp)),
      hydratedMs: median(all.map((l) => l.hydrated)),
      lcpElement: last.lcpElement,
      lcpUrl: last.lcpUrl?.replace(base, "") ?? null,
      lcpBytes: last.lcpBytes,
      lcpSlotWidth: last.lcpSlotWidth,
      loads: all.map((l) => ({
        firstPaintMs: Math.round(l.fcp),
        lcpMs: Math.round(l.lcp),
        hydratedMs: Math.round(l.hydrated),
      })),
    };
    const r = result[page];
    log(
      `  ${page.padEnd(44)} first paint ${r.firstPaintMs} ms, LCP ${r.lcpMs} ms (${r.lcpElement}${r.lcpUrl ? ` ${r.lcpUrl}, ${r.lcpBytes} B, ${r.lcpSlotWidth} px slot` : ""}), hydrated ${r.hydratedMs} ms`,
    );
  }
  return result;
}

/** A 4000 × 3000 JPEG that compresses like a photograph: light, shapes, and film grain. */
export async function largePhoto() {
  const [width, height] = [4000, 3000];
  const scene =
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <radialGradient id="light" cx="35%" cy="30%" r="80%">
        <stop offset="0" stop-color="#f1e6d2"/><stop offset="0.6" stop-color="#8a6f55"/>
        <stop offset="1" stop-color="#2b2420"/></radialGradient>
      <linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1d3f73"/><stop offset="1" stop-color="#0b1730"/></linearGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#light)"/>
    <path d="M1300 500 L2700 500 L3200 1100 L2900 1300 L2800 2700 L1200 2700 L1100 1300 L800 1100 Z"
      fill="url(#cloth)"/>
    <circle cx="2000" cy="1400" r="380" fill="#c8102e" opacity="0.85"/>
    <rect x="1880" y="900" width="240" height="1000" fill="#fff" opacity="0.9"/>
    <rect x="1500" y="1280" width="1000" height="240" fill="#fff" opacity="0.9"/>
  </svg>`);
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: "overlay" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Signs in as the owner (the form the back office posts) and answers the session cookie. */
export async function signIn(base, email, password) {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (response.status !== 302 || !cookie) {
    throw new Error(`Owner sign-in answered ${response.status}: ${await response.text()}`);
  }
  return cookie;
}

/** Uploads the photo through the owner's JSON and waits until the background job made it ready. */
export async function addReadyPhoto(base, cookie, productId, bytes, alt) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "image/jpeg" }), "photo.jpg");
  form.append("alt", alt);
  const answer = await fetch(`${base}/api/admin/products/${productId}/photos`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  if (answer.status !== 201) {
    throw new Error(`The photo upload answered ${answer.status}: ${await answer.text()}`);
  }
  const { id } = await answer.json();
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const photos = await (
      await fetch(`${base}/api/admin/products/${productId}/photos`, { headers: { cookie } })
    ).json();
    const photo = photos.find((p) => p.id === id);
    if (photo?.status === "ready") return { photo, processedMs: Date.now() - started };
    if (photo?.status === "failed") throw new Error("The photo could not be processed.");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The photo was not ready within two minutes.");
}

/**
 * Issue 22's case on a fresh shop whose owner is `owner`. Two product pages of the same kind,
 * their loads interleaved so the machine's busy moments fall on both: first both with their
 * drawings, then after the owner uploaded a 4000 × 3000 photo to one and the background job made
 * it ready. Issue 22 wants that page's LCP within 0.2 s of what it was with its drawing.
 */
export async function photoCase(base, owner, { runs = 5, log = console.log } = {}) {
  const photoPage = `/product/${PHOTO_PRODUCT}`;
  const drawnPage = `/product/${DRAWN_PRODUCT}`;
  log("Two product pages of the same kind, both with their drawings");
  const before = await measurePages(base, [photoPage, drawnPage], { runs, log });
  const bytes = await largePhoto();
  const cookie = await signIn(base, owner.email, owner.password);
  const { processedMs } = await addReadyPhoto(
    base,
    cookie,
    PHOTO_PRODUCT,
    bytes,
    "The no-gi set laid flat, front",
  );
  // The shared page cache clears when the photo is ready; ask until the page has it.
  const deadline = Date.now() + 15_000;
  while (!(await (await fetch(base + photoPage)).text()).includes("<picture>")) {
    if (Date.now() > deadline) throw new Error("The product page did not show the photo.");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(
    `The first with a 4000 × 3000 photo (${Math.round(bytes.length / 1024)} KB JPEG, ready in ${processedMs} ms), the second with its drawing`,
  );
  const after = await measurePages(base, [photoPage, drawnPage], { runs, log });
  // The issue's comparison: the same page with its drawing (before) and with the photo (after).
  // The other page changed nothing between the two rounds: how far it moved is the machine's drift.
  const lcpBehindMs = after[photoPage].lcpMs - before[photoPage].lcpMs;
  const driftMs = after[drawnPage].lcpMs - before[drawnPage].lcpMs;
  const lcpBehindAdjustedMs = lcpBehindMs - driftMs;
  const vsDrawnPageMs = after[photoPage].lcpMs - after[drawnPage].lcpMs;
  log(
    `  LCP with the photo − the same page with its drawing: ${lcpBehindMs} ms; less the drift of the unchanged page (${driftMs} ms): ${lcpBehindAdjustedMs} ms (issue 22: at most 200 ms)`,
  );
  log(
    `  LCP of the photo page − the other drawn page in the same round: ${vsDrawnPageMs} ms (both drawn: ${before[photoPage].lcpMs - before[drawnPage].lcpMs} ms)`,
  );
  return {
    uploadBytes: bytes.length,
    processedMs,
    before,
    after,
    lcpBehindMs,
    driftMs,
    lcpBehindAdjustedMs,
    vsDrawnPageMs,
    withinTarget: lcpBehindMs <= 200 && lcpBehindAdjustedMs <= 200,
  };
}

async function waitForHealth(base, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${base} did not answer /api/health in time.`);
}

// ── The command ──────────────────────────────────────────────────────────────────────────────
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  process.chdir(root);
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args.splice(at, 2)[1];
  };
  const flag = (name) => {
    const at = args.indexOf(name);
    if (at !== -1) args.splice(at, 1);
    return at !== -1;
  };
  const pages = option("--pages")?.split(",").filter(Boolean) ?? Object.values(PAGE_KINDS);
  const runs = Number(option("--runs") ?? 5);
  const jsonOut = option("--json");
  const noPhoto = flag("--no-photo");
  const profileArg = option("--profile") ?? "all";
  const profiles = profileArg === "all" ? Object.keys(PROFILES) : profileArg.split(",");
  if (profiles.some((name) => !PROFILES[name])) {
    console.error(`--profile: one of ${Object.keys(PROFILES).join(", ")} or all`);
    process.exit(1);
  }
  let base = args[0]?.replace(/\/+$/, "");
  if (base && !/^https?:\/\/(localhost|127\.|\[::1\])/.test(base)) {
    console.error("Measure loopback servers only.");
    process.exit(1);
  }
  const owner = { email: "bench-owner@example.com", password: "bench-owner-password-1" };
  let server;
  if (!base) {
    if (!existsSync("build/server/index.js")) {
      const build = spawnSync(
        process.execPath,
        ["node_modules/@react-router/dev/bin.cjs", "build"],
        { stdio: "inherit" },
      );
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
    const port = process.env.THROTTLED_PORT ?? "4290";
    base = `http://localhost:${port}`;
    server = spawn(process.execPath, ["server.mjs"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        PORT: port,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "grip-truth-throttled-")),
        DATABASE_URL: "",
        S3_BUCKET: "",
        BACKGROUND_WORK: "on",
        PAYMENTS: "sandbox",
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
      },
    });
  }
  const summary = {
    date: new Date().toISOString(),
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: { ...PHONE.viewport, deviceScaleFactor: PHONE.deviceScaleFactor },
    runs,
  };
  let exitCode = 0;
  try {
    await waitForHealth(base);
    summary.profiles = {};
    for (const name of profiles) {
      const { network, label } = PROFILES[name];
      console.log(
        `Real-throttled loads (${name}: ${label}, CPU ×${CPU_SLOWDOWN}, cold cache, median of ${runs}) on ${base}`,
      );
      const measured = pages.length ? await measurePages(base, pages, { runs, network }) : {};
      summary.profiles[name] = { network, pages: measured };
      // The 150 ms link's figures stay where npm run bench reads them.
      if (name === "slow-4g") summary.pages = measured;
    }
    if (server && !noPhoto) summary.photo = await photoCase(base, owner, { runs });
    else if (!noPhoto) summary.photo = "skipped: needs a fresh shop (run without a URL)";
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    server?.kill("SIGTERM");
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(summary, null, 2) + "\n");
  process.exit(exitCode);
}
