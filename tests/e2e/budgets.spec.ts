import { expect, test } from "@playwright/test";
import { BUDGETS, checkBudgets, parsePage, PAGE_KINDS } from "../../scripts/page-weight.mjs";

// Byte budgets do not depend on the browser's size: one project checks them.
test.skip(({ isMobile }) => isMobile, "budgets are checked once, on desktop");

test("X-PERF-4, X-PF-2: every page kind stays within its JavaScript, script-file, HTML, CSS and request budgets", async ({
  baseURL,
}) => {
  const { pages, over } = await checkBudgets(baseURL!);
  for (const kind of Object.keys(PAGE_KINDS)) {
    const page = pages[kind]!;
    expect(page.status, `${kind} answers`).toBe(200);
    // The measurement must have found the app's modules and its stylesheet, or it proves nothing.
    expect(page.jsFiles, `${kind}: modules found`).toBeGreaterThan(2);
    expect(page.cssGzip, `${kind}: styles found`).toBeGreaterThan(1000);
    // Issue 25 item 5: the HTML alone paints (its styles are inside it).
    expect(page.renderBlocking, `${kind}: nothing blocks the first paint`).toEqual([]);
    // Issue 38 (X-PF-2): scripts in one round, six files at most over HTTP/1.1's six connections.
    expect(page.jsFiles, `${kind}: script files of a first load`).toBeLessThanOrEqual(6);
  }
  expect(over, JSON.stringify(pages, null, 1)).toEqual([]);
  expect(BUDGETS.target.jsGzip).toBe(130 * 1024);
  expect(BUDGETS.default.jsFiles).toBe(6);
});

test("X-PERF-4: the page parser counts modules, render-blocking resources and preloads", () => {
  const html =
    '<html><head><link rel="stylesheet" href="/a.css"/><link rel="stylesheet" href="/p.css" media="print"/>' +
    '<script src="/blocking.js"></script><script src="/later.js" defer></script>' +
    '<link rel="preload" as="font" href="/f.woff2"/><link rel="modulepreload" href="/m1.js"/></head>' +
    '<body><script type="module" async>import * as r from "/m2.js"; import "/m3.js";</script></body></html>';
  const parsed = parsePage(html);
  expect(parsed.renderBlocking).toEqual(["/a.css", "/blocking.js"]);
  expect(parsed.preloads).toEqual(["font /f.woff2"]);
  expect(new Set(parsed.js)).toEqual(
    new Set(["/m1.js", "/blocking.js", "/later.js", "/m2.js", "/m3.js"]),
  );
  expect(new Set(parsed.jsBeforePaint)).toEqual(new Set(parsed.js));
  expect(parsed.inlineCss).toBe("");
});

test("X-PE-4: the page parser reads the styles inside the page, which block nothing", () => {
  const parsed = parsePage(
    '<html><head><style id="gt-styles" nonce="n">body{color:red}</style><style>p{margin:0}</style>' +
      '<link rel="modulepreload" href="/m1.js"/></head><body><style>ignored{}</style></body></html>',
  );
  expect(parsed.inlineCss).toBe("body{color:red}p{margin:0}");
  expect(parsed.renderBlocking).toEqual([]);
});
