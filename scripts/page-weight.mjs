// Page weight per page kind (X-PERF-4): bytes that do not depend on the machine's speed.
// Shared by the CI budget check (tests/e2e/budgets.spec.ts) and `npm run bench`.
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

/** One page of each kind the budgets cover. */
export const PAGE_KINDS = {
  home: "/",
  collection: "/mens",
  product: "/product/mens-grip-n-trip-thai-shorts",
  checkout: "/checkout",
};

/** Budgets in bytes (gzip) and request counts, per page kind: perf-budgets.json. */
export const BUDGETS = JSON.parse(
  readFileSync(new URL("./perf-budgets.json", import.meta.url), "utf8"),
);

const gzipBytes = (buffer) => gzipSync(buffer, { level: 6 }).length;

/**
 * Reads a page's server HTML and lists what the browser fetches for it before it can run:
 * - js: every module the page starts with (script src, modulepreload, the imports of the inline
 *   module script, static or dynamic); modules only imported later (React.lazy) are not counted;
 * - jsBeforePaint: those the browser may fetch before the first paint (preload links, script
 *   src, static imports), which on a slow link compete with what the paint needs;
 * - renderBlocking: stylesheets and classic scripts in the head, which hold the first paint;
 * - preloads: `<link rel="preload">` requests that compete with them for the link;
 * - inlineCss: the text of the page's `<style>` elements (the stylesheet is in the page: issue 25).
 */
export function parsePage(html) {
  const head = html.slice(0, Math.max(0, html.indexOf("</head>")));
  const attr = (tag, name) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"))?.[1];
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map((m) => m[0]);
  const js = new Set();
  const jsBeforePaint = new Set();
  for (const tag of links) {
    if (attr(tag, "rel") === "modulepreload") jsBeforePaint.add(attr(tag, "href"));
  }
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/gi)) jsBeforePaint.add(m[1]);
  const imports = (text) =>
    [...text.matchAll(/\bimport\s*\(?\s*(?:[^"';()]+?\s+from\s+)?"([^"]+\.js)"/g)].map((i) => i[1]);
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const url of imports(m[1])) jsBeforePaint.add(url);
  }
  for (const url of jsBeforePaint) js.add(url);
  const renderBlocking = [];
  for (const tag of head.match(/<link\b[^>]*>/gi) ?? []) {
    const media = attr(tag, "media");
    if (attr(tag, "rel") === "stylesheet" && (!media || media === "all" || media === "screen")) {
      renderBlocking.push(attr(tag, "href"));
    }
  }
  for (const m of head.matchAll(/<script\b([^>]*)>/gi)) {
    const src = attr(m[0], "src");
    if (src && !/\s(async|defer)\b|type="module"/i.test(m[1])) renderBlocking.push(src);
  }
  const preloads = links
    .filter((tag) => attr(tag, "rel") === "preload")
    .map((tag) => `${attr(tag, "as") ?? "?"} ${attr(tag, "href")}`);
  const inlineCss = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)]
    .map((m) => m[1])
    .join("");
  return {
    inlineCss,
    js: [...js].filter(Boolean),
    jsBeforePaint: [...jsBeforePaint].filter(Boolean),
    renderBlocking,
    preloads,
  };
}

/** Weighs one page of a running server: gzip bytes of its HTML, first-load JS and CSS. */
export async function measurePage(base, path) {
  const response = await fetch(base + path);
  const html = await response.text();
  const { js, jsBeforePaint, renderBlocking, preloads, inlineCss } = parsePage(html);
  const weigh = async (urls) => {
    let total = 0;
    for (const url of urls) {
      const asset = await fetch(new URL(url, base));
      if (!asset.ok) throw new Error(`${path}: ${url} answered ${asset.status}`);
      total += gzipBytes(Buffer.from(await asset.arrayBuffer()));
    }
    return total;
  };
  const stylesheets = renderBlocking.filter((url) => /\.css(\?|$)/.test(url));
  return {
    path,
    status: response.status,
    htmlGzip: gzipBytes(Buffer.from(html)),
    jsGzip: await weigh(js),
    jsFiles: js.length,
    // Modules the browser may fetch while the HTML arrives (preloads; they do not hold the paint).
    jsFilesBeforePaint: jsBeforePaint.length,
    // The page's styles: inside the HTML (counted in htmlGzip too) and any stylesheet it links.
    cssGzip: (inlineCss ? gzipBytes(Buffer.from(inlineCss)) : 0) + (await weigh(stylesheets)),
    // The document itself plus everything that must arrive before the first paint.
    requestsBeforeFirstPaint: 1 + renderBlocking.length,
    renderBlocking,
    preloads: preloads.length,
    preloadList: preloads,
  };
}

/** Every page kind's weight and whatever exceeds its budget (empty when all are within). */
export async function checkBudgets(base) {
  /** @type {Record<string, Awaited<ReturnType<typeof measurePage>>>} */
  const pages = {};
  const over = [];
  for (const [kind, path] of Object.entries(PAGE_KINDS)) {
    const page = await measurePage(base, path);
    pages[kind] = page;
    const budget = { ...BUDGETS.default, ...BUDGETS[kind] };
    for (const key of [
      "jsGzip",
      "jsFiles",
      "htmlGzip",
      "cssGzip",
      "requestsBeforeFirstPaint",
      "preloads",
    ]) {
      if (page[key] > budget[key]) {
        over.push(`${kind} (${path}): ${key} ${page[key]} > budget ${budget[key]}`);
      }
    }
  }
  return { pages, over };
}
