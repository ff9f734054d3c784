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

// ── Graceful stop (X-SCALE-6) ───────────────────────────────────────────────────────────────
// On SIGTERM: stop accepting connections, let requests in flight finish (at most
// STOP_DEADLINE_MS), then stop the background work, close the database and exit.
const STOP_DEADLINE_MS = Number(process.env.STOP_DEADLINE_MS || 10_000);

function gracefulStop(server) {
  let stopping = false;
  return async function stop(signal) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: taking no new requests, finishing those in flight.`);
    const closed = new Promise((resolve) => server.close(() => resolve("finished")));
    // Idle keep-alive connections are closed now; busy ones after their response (below).
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    let timer;
    const deadline = new Promise((resolve) => {
      timer = setTimeout(() => resolve("deadline"), STOP_DEADLINE_MS);
    });
    if ((await Promise.race([closed, deadline])) === "deadline") {
      console.warn(`Requests still open after ${STOP_DEADLINE_MS} ms: closing them.`);
      server.closeAllConnections();
    }
    clearTimeout(timer);
    clearInterval(sweep);
    try {
      await build.entry.module.shutdown?.();
    } catch (error) {
      console.error("Shutdown was not clean:", error);
      process.exit(1);
    }
    console.log("Stopped.");
    process.exit(0);
  };
}

const stop = gracefulStop(server);
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
