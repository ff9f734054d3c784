import { describe, expect, it } from "vitest";
import { type ChunkModuleInfo, everyPageChunks } from "./chunks";

const ROOT = "/shop/app/root.tsx";
const ROUTE = "?__react-router-build-client-route";
const NM = "/shop/node_modules";

/** A small client module graph: module id -> its static importers (entries marked). */
const GRAPH: Record<string, { importers: string[]; isEntry?: boolean }> = {
  [`${NM}/@react-router/dev/entry.client.tsx`]: { importers: [], isEntry: true },
  [`${NM}/react-dom/client.js`]: { importers: [`${NM}/@react-router/dev/entry.client.tsx`] },
  [ROOT + ROUTE]: { importers: [], isEntry: true },
  [ROOT]: { importers: [ROOT + ROUTE] },
  "/shop/app/app.css": { importers: [ROOT] },
  "/shop/app/components/SiteHeader.tsx": { importers: [ROOT] },
  [`${NM}/lucide-react/icons/x.mjs`]: {
    importers: ["/shop/app/components/SiteHeader.tsx", `${NM}/lucide-react/index.mjs`],
  },
  [`${NM}/lucide-react/index.mjs`]: { importers: ["/shop/app/routes/product.tsx"] },
  [`${NM}/lucide-react/icons/trash.mjs`]: { importers: [`${NM}/lucide-react/index.mjs`] },
  "/shop/app/cart/cart.ts": {
    importers: ["/shop/app/components/SiteHeader.tsx", "/shop/app/cart/CartPanel.tsx"],
  },
  // Loaded with import() from the header: its static importers are none.
  "/shop/app/cart/CartPanel.tsx": { importers: [] },
  "/shop/app/cart/panel-only.ts": { importers: ["/shop/app/cart/CartPanel.tsx"] },
  ["/shop/app/routes/product.tsx" + ROUTE]: { importers: [], isEntry: true },
  "/shop/app/routes/product.tsx": { importers: ["/shop/app/routes/product.tsx" + ROUTE] },
  "/shop/app/reviews/ReviewCard.tsx": { importers: ["/shop/app/routes/product.tsx"] },
  // An import cycle off every page.
  "/shop/app/a.ts": { importers: ["/shop/app/b.ts"] },
  "/shop/app/b.ts": { importers: ["/shop/app/a.ts"] },
};

const context = {
  getModuleInfo: (id: string): ChunkModuleInfo | null => {
    const node = GRAPH[id];
    return node ? { isEntry: Boolean(node.isEntry), importers: node.importers } : null;
  },
};

describe("the every-page chunk", () => {
  const chunkOf = (id: string) => everyPageChunks(ROOT)(id, context);

  it("X-PERF-2: takes what the client entry and the root route import statically", () => {
    expect(chunkOf(`${NM}/react-dom/client.js`)).toBe("shared");
    expect(chunkOf("/shop/app/components/SiteHeader.tsx")).toBe("shared");
    expect(chunkOf("/shop/app/cart/cart.ts")).toBe("shared");
    expect(chunkOf(`${NM}/lucide-react/icons/x.mjs`)).toBe("shared");
  });

  it("X-PERF-2: leaves out routes, lazily loaded parts and what only they use", () => {
    expect(chunkOf("/shop/app/routes/product.tsx")).toBeNull();
    expect(chunkOf("/shop/app/reviews/ReviewCard.tsx")).toBeNull();
    expect(chunkOf("/shop/app/cart/CartPanel.tsx")).toBeNull();
    expect(chunkOf("/shop/app/cart/panel-only.ts")).toBeNull();
    expect(chunkOf("/shop/app/a.ts")).toBeNull();
  });

  it("X-PERF-2: a package's index does not make all it re-exports look used on every page", () => {
    expect(chunkOf(`${NM}/lucide-react/icons/trash.mjs`)).toBeNull();
    expect(chunkOf(`${NM}/lucide-react/index.mjs`)).toBeNull();
  });

  it("X-PERF-2: the root route's own module and the stylesheet stay where React Router links them", () => {
    expect(chunkOf(ROOT)).toBeNull();
    expect(chunkOf(ROOT + ROUTE)).toBeNull();
    expect(chunkOf("/shop/app/app.css")).toBeNull();
  });
});
