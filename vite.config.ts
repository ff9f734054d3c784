import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { productPictures } from "./app/catalogue/art/pictures.vite.ts";
import { everyPageChunks } from "./app/perf/chunks.ts";

/** The browser build puts what every page loads into one file (app/perf/chunks.ts). */
function everyPageChunk(): Plugin {
  return {
    name: "grip-truth:every-page-chunk",
    applyToEnvironment: (environment) => environment.name === "client",
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { debugName: "every page", name: everyPageChunks(path.resolve("app/root.tsx")) },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), everyPageChunk(), productPictures()],
  resolve: { tsconfigPaths: true },
});
