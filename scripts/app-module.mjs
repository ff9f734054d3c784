// The owner's commands (npm run backup, restore, owner:create) run the app's own code: from the
// TypeScript source through Vite's SSR module loader in a clone (no build needed), or from the
// production build where there is no Vite (the container image: only the build and the
// production dependencies, docs/deploy.md). `load` answers the module's exports and a close().
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function viteIfInstalled() {
  try {
    return await import("vite");
  } catch {
    return undefined;
  }
}

/** The exports of app/<sourcePath> (a clone) or of the build's server entry (no Vite). */
export async function loadAppModule(sourcePath) {
  const vite = await viteIfInstalled();
  if (!vite) {
    const built = path.join(root, "build/server/index.js");
    if (!existsSync(built)) throw new Error("Neither Vite nor a build (build/server) is here.");
    const build = await import(pathToFileURL(built).href);
    return { module: build.entry.module, close: async () => undefined };
  }
  const server = await vite.createServer({
    configFile: false,
    logLevel: "error",
    appType: "custom",
    resolve: { tsconfigPaths: true },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  return { module: await server.ssrLoadModule(sourcePath), close: () => server.close() };
}

/**
 * Runs one of the owner's commands: `run(module)` answers `{code, message}`; the message goes to
 * standard output (or error, when the code is not 0) and the process ends with the code.
 */
export async function runAppCommand(sourcePath, run) {
  process.chdir(root);
  const app = await loadAppModule(sourcePath);
  let code;
  try {
    const result = await run(app.module);
    code = result.code;
    (code === 0 ? console.log : console.error)(result.message);
  } finally {
    await app.close();
  }
  process.exit(code);
}
