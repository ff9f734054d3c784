import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority, rewriteHead } from "./head-priority";

async function through(parts: (string | Uint8Array)[], rewrite = lowerModulePreloadPriority) {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) {
        controller.enqueue(typeof part === "string" ? encoder.encode(part) : part);
      }
      controller.close();
    },
  });
  return new Response(source.pipeThrough(rewriteHead(rewrite))).text();
}

describe("X-PERF-1: module preloads behind the first paint", () => {
  it("X-PERF-1: marks every modulepreload link low priority, once", () => {
    const head =
      '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/a.css"/>' +
      '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>';
    expect(lowerModulePreloadPriority(head)).toBe(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>',
    );
  });

  it("X-PERF-1: rewrites the head across chunk boundaries and leaves the body byte for byte", async () => {
    const body = '<body><link rel="modulepreload" href="/in-body.js"/>£ café</body></html>';
    const html = await through([
      '<html><head><link rel="module',
      'preload" href="/a.js"/></he',
      "ad>",
      body,
    ]);
    expect(html).toBe(
      '<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/></head>' + body,
    );
  });

  it("X-PERF-1: keeps a character split between chunks after the head intact", async () => {
    const pound = new TextEncoder().encode("</head>£");
    const html = await through([
      "<head>",
      pound.subarray(0, pound.length - 1),
      pound.subarray(pound.length - 1),
    ]);
    expect(html).toBe("<head></head>£");
  });

  it("X-PERF-1: a document without a head end is still passed on whole", async () => {
    expect(await through(["plain ", "text"], (s) => s.toUpperCase())).toBe("PLAIN TEXT");
  });
});
