import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { productPictures } from "./app/catalogue/art/pictures.vite.ts";
import { everyPageChunks } from "./app/perf/chunks.ts";
import { precompressAssets } from "./app/perf/precompress.vite.ts";
import { reactRouterAsOneModule } from "./app/perf/react-router-one-module.vite.ts";
import { EVERY_PAGE_CHUNK } from "./app/perf/module-preloads.ts";

/**
 * The browser build puts what every page loads into one file (app/perf/chunks.ts), and copies
 * the small chunks that routes share into each route's file (issue 38, X-PF-2: at most 6 script
 * files on a first load; the strict execution order this needs costs about 0.1-1.4 KB gzip).
 */
/**
 * The shop's own TypeScript modules do nothing when imported but define things (no module is
 * imported for its effects: app/perf/side-effects.test.ts), so the browser build may leave out
 * one whose exports the page's code does not use, even when building a figure or a table in it
 * calls a function (issue 51 item 5).
 */
const SHOP_MODULE = /[\\/]app[\\/][^?]*\.tsx?$/;
const REACT_DOM_CLIENT = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\./;

function everyPageChunk(): Plugin {
  return {
    name: "grip-truth:every-page-chunk",
    applyToEnvironment: (environment) => environment.name === "client",
    options(options) {
      // rolldown copies common chunks only when entries' signatures may change; route modules
      // keep theirs (React Router reads their exports): buildStart emits them so.
      return {
        ...options,
        preserveEntrySignatures: false,
        treeshake: {
          ...(typeof options.treeshake === "object" ? options.treeshake : {}),
          moduleSideEffects: (id: string) => !SHOP_MODULE.test(id),
        },
      };
    },
    buildStart(options) {
      const input = options.input ?? [];
      const inputs = typeof input === "string" ? [input] : Object.values(input);
      for (const id of inputs) {
        this.emitFile({ type: "chunk", id, preserveSignature: "exports-only" });
      }
    },
    outputOptions(options) {
      return {
        ...options,
        // The every-page file (the one with React DOM's client, which every page's entry
        // imports) under a name of its own: app/perf/module-preloads.ts asks for it first.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => REACT_DOM_CLIENT.test(id))
            ? `assets/${EVERY_PAGE_CHUNK}-[hash].js`
            : "assets/[name]-[hash].js",
        codeSplitting: {
          // Issue 38 (X-PF-2): the small chunks that routes and lazily loaded parts share are
          // copied into each file that uses them, so a first load asks for a handful of files.
          // Styles stay in their own chunks (rolldown's advice for Vite builds: its CSS plugin
          // would emit a copied module's CSS once per copy).
          experimentalInlineCommonChunks: {
            maxSize: 64 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
          groups: [
            { debugName: "every page", name: everyPageChunks(path.resolve("app/root.tsx")) },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [
    reactRouterAsOneModule(),
    tailwindcss(),
    reactRouter(),
    everyPageChunk(),
    productPictures(),
    precompressAssets(),
  ],
  resolve: { tsconfigPaths: true },
});
