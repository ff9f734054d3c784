// When a page's own control goes live, beside the hydration mark (issue 51 item 5, X-PF-2).
//
//   node scripts/form-live.mjs http://127.0.0.1:4182 http://127.0.0.1:4183
//     [--page /product/mens-grip-n-trip-thai-shorts]
//     [--control "form[aria-label='Choose options'] button[type=submit]"] [--runs 5]
//
// Two running shops (two builds to compare, e.g. main and a build whose product form loads after
// the page has hydrated), loaded alternately, cold, on the floors' phone: both links
// (throttled-loads.mjs' PROFILES), CPU 4x slower. For each load it records when <html
// data-hydrated> appears (what the floors call "hydrated") and when React has hydrated the
// control (React's fiber is on the element): a control whose code loads after the page has
// hydrated is live later than the mark says. Prints the medians and every load, in ms from the
// start of navigation. Loopback only. Not part of npm test: it measures time.
/* global window, document, requestAnimationFrame -- recorder() and the functions run in the page */
import { parseArgs } from "node:util";
import { chromium } from "playwright";
import "./check-node.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
import { CPU_SLOWDOWN, PHONE, PROFILES } from "./throttled-loads.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    page: { type: "string", default: "/product/mens-grip-n-trip-thai-shorts" },
    control: {
      type: "string",
      default: "form[aria-label='Choose options'] button[type=submit]",
    },
    runs: { type: "string", default: "5" },
  },
});
if (positionals.length === 0) {
  console.error(
    "Usage: node scripts/form-live.mjs <shop> [<another>] [--page p] [--control css] [--runs n]",
  );
  process.exit(2);
}

/** Watches, from the first frame, for the hydration mark and the control's React fiber. */
function recorder(control) {
  const times = { hydrated: null, live: null };
  window.__formLive = times;
  const isFiber = (key) => key.startsWith("__reactFiber$");
  const tick = () => {
    const now = performance.now();
    if (times.hydrated === null && document.documentElement?.hasAttribute("data-hydrated")) {
      times.hydrated = now;
    }
    const element = document.querySelector(control);
    if (times.live === null && element && Object.keys(element).some(isFiber)) times.live = now;
    if (times.hydrated === null || times.live === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const results = new Map();
try {
  for (const [profile, { network }] of Object.entries(PROFILES)) {
    for (let run = 0; run < Number(values.runs); run++) {
      for (const base of positionals) {
        const context = await browser.newContext(PHONE);
        try {
          const page = await context.newPage();
          await page.addInitScript(() => sessionStorage.setItem("gt-splash-seen", "1"));
          await page.addInitScript(recorder, values.control);
          const cdp = await context.newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
          await cdp.send("Network.emulateNetworkConditions", network);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
          await page.goto(base + values.page, { waitUntil: "commit", timeout: 120_000 });
          await page.waitForFunction(
            () => window.__formLive.hydrated !== null && window.__formLive.live !== null,
            null,
            { timeout: 120_000, polling: 50 },
          );
          const key = `${profile} ${base}`;
          results.set(key, [
            ...(results.get(key) ?? []),
            await page.evaluate(() => window.__formLive),
          ]);
        } finally {
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
console.log(`${values.page}: median hydrated / control live, ms (every load)`);
for (const [key, loads] of results) {
  const hydrated = median(loads.map((load) => load.hydrated));
  const live = median(loads.map((load) => load.live));
  const each = loads.map((load) => `${Math.round(load.hydrated)}/${Math.round(load.live)}`);
  console.log(`${key}: ${Math.round(hydrated)} / ${Math.round(live)}  (${each.join(", ")})`);
}
