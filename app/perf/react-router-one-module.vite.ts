import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { build as bundle } from "rolldown";
import type { Plugin } from "vite";

/** What the browser's code imports of React Router: its index and the hydrating router. */
const IMPORTED = new Set(["react-router", "react-router/dom"]);

/**
 * React Router's browser code as one module (issue 51 item 5, X-PF-2).
 *
 * The browser build copies the small chunks routes share into each route's file
 * (vite.config.ts), which needs rolldown's strict execution order: every ES module is wrapped
 * in an initialiser, with its top-level names hoisted and its imports' initialisers called
 * first. React Router 8 ships as 69 modules, so every page carried 69 of these wrappers
 * (about 0.8 KB gzip of every page's first load). Bundled first into one module, it carries one.
 * The code is React Router's own, unchanged: only where its modules' edges were is different.
 *
 * The browser build's imports of `react-router` and `react-router/dom` both resolve to the one
 * module, so there is one router context; any other subpath in the browser build is an error
 * (it would be a second copy of the router). React and React DOM stay outside it.
 */
export function reactRouterAsOneModule(cacheDir = "node_modules/.cache/grip-truth"): Plugin {
  const file = path.resolve(cacheDir, "react-router-browser.js");
  const entry = path.resolve(cacheDir, "react-router-browser-entry.js");
  return {
    name: "grip-truth:react-router-one-module",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async buildStart() {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(
        entry,
        'export * from "react-router";\nexport { HydratedRouter } from "react-router/dom";\n',
      );
      await bundle({
        input: entry,
        cwd: process.cwd(),
        external: [/^react($|\/)/, /^react-dom($|\/)/],
        resolve: { conditionNames: ["browser", "module", "import", "default"] },
        transform: { define: { "process.env.NODE_ENV": '"production"' } },
        // React Router marks its modules "use client"; the browser build has no use for it.
        onLog: (level, log, handler) => {
          if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
        },
        output: { file, format: "es" },
      });
    },
    resolveId(id) {
      if (IMPORTED.has(id)) return file;
      if (id.startsWith("react-router/")) {
        this.error(`${id}: the browser build bundles only ${[...IMPORTED].join(" and ")}`);
      }
      return null;
    },
  };
}
