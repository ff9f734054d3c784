// Starts the shop from its production build. Everything it does (configuration, database,
// sessions, rate limits, background work, the HTTP edge) is the composition root in TypeScript,
// app/server/main.server.ts, compiled into the build; this file only finds the build.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);
await build.entry.module.startShop(build, root);
