import { describe, expect, it } from "vitest";
import { HELD_TYPE, rewriteDocumentStart, startScriptsAfterFirstPaint } from "./after-paint";

async function through(parts: (string | Uint8Array)[], rewrite?: (start: string) => string) {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) {
        controller.enqueue(typeof part === "string" ? encoder.encode(part) : part);
      }
      controller.close();
    },
  });
  return new Response(source.pipeThrough(rewriteDocumentStart(rewrite))).text();
}

// What React Router 8's <Scripts> writes (react-router/dist/…/ssr/components.js), shortened.
const HEAD =
  '<html><head><link rel="stylesheet" href="/assets/root.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/home.js" nonce="n"/></head>';
const MODULE_TEXT =
  ';\nimport * as route0 from "/assets/root.js";\n' +
  'import * as route1 from "/assets/home.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n' +
  'import("/assets/entry.client.js");';
const DOCUMENT =
  `${HEAD}<body><main>Page</main><script nonce="n" type="module" async="">${MODULE_TEXT}</script>` +
  "<script>data()</script></body></html>";

const starterOf = (html: string) =>
  /<script nonce="n">([\s\S]*?)<\/script><\/head>/.exec(html)?.[1];

/** Runs the starter in a pretend browser that reports the first paint when told to. */
function runStarter(html: string) {
  let paint: (() => void) | undefined;
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    constructor(private callback: (list: unknown) => void) {}
    observe() {
      paint = () =>
        this.callback({
          getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [{}] : []),
        });
    }
  }
  const appended: string[] = [];
  const inserted: Record<string, string>[] = [];
  const held = {
    nonce: "n",
    textContent: MODULE_TEXT,
    after: (script: Record<string, string>) => inserted.push(script),
  };
  const document = {
    readyState: "complete",
    visibilityState: "visible",
    head: { append: (link: { rel: string; href: string }) => appended.push(link.href) },
    createElement: () => ({}),
    addEventListener: () => {},
    querySelector: (selector: string) => (selector === `script[type="${HELD_TYPE}"]` ? held : null),
  };
  new Function("document", "PerformanceObserver", "setTimeout", starterOf(html)!)(
    document,
    PerformanceObserver,
    () => {},
  );
  return { paint: () => paint!(), appended, inserted };
}

describe("X-PERF-1: the page's JavaScript starts after its first paint", () => {
  it("X-PERF-1: takes the module preloads out of the head and holds the module script, text unchanged", () => {
    const html = startScriptsAfterFirstPaint(DOCUMENT);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain(
      `<script nonce="n" type="${HELD_TYPE}" async="">${MODULE_TEXT}</script><script>data()</script></body></html>`,
    );
    expect(html.startsWith('<html><head><link rel="stylesheet" href="/assets/root.css"/>')).toBe(
      true,
    );
  });

  it("X-PERF-1: after the first paint the starter preloads the modules and runs the script as it was", () => {
    const browser = runStarter(startScriptsAfterFirstPaint(DOCUMENT));
    expect(browser.appended).toEqual([]);
    expect(browser.inserted).toEqual([]);
    browser.paint();
    expect(browser.appended).toEqual([
      "/assets/entry.client.js",
      "/assets/root.js",
      "/assets/home.js",
    ]);
    expect(browser.inserted).toEqual([{ type: "module", nonce: "n", textContent: MODULE_TEXT }]);
    browser.paint();
    expect(browser.inserted).toHaveLength(1);
  });

  it("X-PERF-1: a document without a module script, or without a head before it, is left as it was", () => {
    const classic = `${HEAD}<body><script src="/a.js"></script></body></html>`;
    expect(startScriptsAfterFirstPaint(classic)).toBe(classic);
    const headless = `<body><script type="module">go()</script></body>`;
    expect(startScriptsAfterFirstPaint(headless)).toBe(headless);
  });

  it("X-PERF-1: rewrites across chunk boundaries and passes the rest on byte for byte", async () => {
    const cut = DOCUMENT.indexOf('type="mod') + 5;
    const end = DOCUMENT.indexOf("</script>") + 4;
    const html = await through([
      DOCUMENT.slice(0, cut),
      DOCUMENT.slice(cut, end),
      DOCUMENT.slice(end),
      "£ café",
    ]);
    expect(html).toBe(startScriptsAfterFirstPaint(DOCUMENT) + "£ café");
  });

  it("X-PERF-1: keeps a character split between chunks after the script intact", async () => {
    const pound = new TextEncoder().encode('<script type="module"></script>£');
    const html = await through([
      pound.subarray(0, pound.length - 1),
      pound.subarray(pound.length - 1),
    ]);
    expect(html).toBe('<script type="module"></script>£');
  });

  it("X-PERF-1: a document without a module script is still passed on whole", async () => {
    expect(await through(["plain ", "text"], (s) => s.toUpperCase())).toBe("PLAIN TEXT");
  });
});
