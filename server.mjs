// The production server: static files, security headers, and React Router for pages and /api.
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { createRequestHandler as createFetchHandler } from "react-router";
import { createRequestHandler } from "@react-router/express";

const root = path.dirname(new URL(import.meta.url).pathname);
const build = await import(pathToFileURL(path.join(root, "build/server/index.js")).href);

// Open the database and apply migrations before taking traffic: a broken configuration
// stops the server with a clear message instead of failing on the first customer.
const health = await createFetchHandler(
  build,
  "production",
)(new Request("http://localhost/api/health"));
if (!health.ok) {
  console.error("The shop could not start: the database is not ready.", await health.text());
  process.exit(1);
}
const { db } = await health.json();
// Expiring unpaid orders (and the stock seed file, when set) run in every process.
try {
  await build.entry.module.startBackgroundWork?.();
} catch (error) {
  console.error("The shop could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
const trustProxy = ["true", "1"].includes(process.env.TRUST_PROXY ?? "");
app.set("trust proxy", trustProxy);
// The client's address for rate limits, from the socket (or X-Forwarded-For behind a trusted
// proxy); whatever a client sent under this name is overwritten.
app.use((req, res, next) => {
  req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  // No request body is larger than a 10 MB photo plus its multipart wrapping.
  if (Number(req.headers["content-length"] ?? 0) > 12 * 1024 * 1024) {
    res.status(413).json({ error: "The request is too large." });
    return;
  }
  next();
});
app.use(compression());
app.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  next();
});
app.use(
  "/assets",
  express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(path.join(root, "build/client"), { maxAge: "1h" }));
app.use(createRequestHandler({ build, mode: "production" }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
const server = app.listen(port, host, () => {
  console.log(`GRIP TRUTH is serving on http://localhost:${port} (database: ${db})`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing.`);
  server.close();
  server.closeAllConnections?.();
  await build.entry.module.shutdown?.();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
