import { describe, expect, it } from "vitest";
import { EVERY_PAGE_CHUNK, lowPriorityModulePreloads } from "./module-preloads";

const head = [
  `<link rel="icon" href="/favicon.svg"/>`,
  `<link rel="modulepreload" href="/assets/entry.client-A.js"/>`,
  `<link rel="modulepreload" href="/assets/${EVERY_PAGE_CHUNK}-B.js"/>`,
  `<link rel="modulepreload" href="/assets/rolldown-runtime-C.js"/>`,
  `<link rel="modulepreload" href="/assets/product-D.js"/>`,
  `<script>splash()</script>`,
].join("");

describe("issue 51 item 4 (X-PF-6): module preloads at low priority", () => {
  it("X-PF-6: every module preload asks at low priority, the every-page file first", () => {
    const out = lowPriorityModulePreloads(head);
    const links = out.match(/<link[^>]*>/g)!;
    expect(links[0]).toBe(`<link rel="icon" href="/favicon.svg"/>`);
    expect(links.slice(1)).toEqual([
      `<link fetchpriority="low" rel="modulepreload" href="/assets/${EVERY_PAGE_CHUNK}-B.js"/>`,
      `<link fetchpriority="low" rel="modulepreload" href="/assets/entry.client-A.js"/>`,
      `<link fetchpriority="low" rel="modulepreload" href="/assets/rolldown-runtime-C.js"/>`,
      `<link fetchpriority="low" rel="modulepreload" href="/assets/product-D.js"/>`,
    ]);
    expect(out.endsWith("<script>splash()</script>")).toBe(true);
  });

  it("X-PF-6: HTML without module preloads is left as it is", () => {
    expect(lowPriorityModulePreloads("<p>Hello</p>")).toBe("<p>Hello</p>");
  });
});
