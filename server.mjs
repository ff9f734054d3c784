// The production server: static files, security headers, and React Router for pages and /api.
import http from "node:http";
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
const render = createFetchHandler(build, "production");
const health = await render(new Request("http://localhost/api/health"));
if (!health.ok) {
  console.error("The shop could not start: the database is not ready.", await health.text());
  process.exit(1);
}
const { db } = await health.json();
// Start-up settings (the stock seed file, when set) before taking traffic.
try {
  await build.entry.module.startup?.();
} catch (error) {
  console.error("The shop could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
}

// The configuration's verdict: a shop that must not start (an https PUBLIC_URL without Stripe
// keys, X-SEC-1) stops here with the reason.
let settings;
try {
  settings = build.entry.module.serverSettings();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// Never Express's development error pages (stack traces), whatever NODE_ENV says (X-SEC-3).
app.set("env", "production");
// A hop count or a list of proxy addresses: X-Forwarded-* count only when they come from a
// trusted proxy, so a client cannot choose its own address or host (X-SEC-4).
app.set("trust proxy", settings.trustProxy);
const trusted = app.get("trust proxy fn");

// host[:port] as RFC 9110 allows it: a name or IPv4 address, or an [IPv6] literal.
const VALID_HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
const tooLarge = (res) => res.status(413).json({ error: "The request is too large." });

/** Forwarded host and protocol only from a trusted proxy; a client's own are dropped. */
function dropUntrustedForwarding(req) {
  if (!trusted(req.socket.remoteAddress ?? "", 0)) {
    delete req.headers["x-forwarded-host"];
    delete req.headers["x-forwarded-proto"];
  }
}
function hostIsValid(req) {
  const host = req.headers["x-forwarded-host"] ?? req.headers.host ?? "";
  return VALID_HOST.test(String(host).split(",")[0].trim());
}
/** Express's req.secure, for a request Express has not seen: TLS, or https said by a trusted
 *  proxy (after dropUntrustedForwarding). */
function isSecure(req) {
  if (req.socket.encrypted) return true;
  const proto = req.headers["x-forwarded-proto"];
  return typeof proto === "string" && proto.split(",")[0].trim() === "https";
}

// On every response, cached or not; HSTS only over https, for browsers that have been here over
// https (X-SEC-7).
const SECURITY_HEADERS = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
];
const HTTPS_HEADERS = [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]];

app.use((req, res, next) => {
  dropUntrustedForwarding(req);
  if (!hostIsValid(req)) {
    res.status(400).json({ error: "The Host header is not valid." });
    return;
  }
  // The client's address for rate limits, from the socket (or X-Forwarded-For through trusted
  // proxies only); whatever a client sent under this name is overwritten.
  req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  // No request body is larger than a 10 MB photo plus its multipart wrapping; each route's own
  // limit is counted while its body streams (app/security/edge.server.ts).
  if (Number(req.headers["content-length"] ?? 0) > 12 * 1024 * 1024) return tooLarge(res);
  // A route that refused a body part-way (413) left the rest unread: discard it as it arrives
  // instead of holding it, so the process's memory stays flat (X-SEC-2).
  res.on("finish", () => {
    if (req.complete) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
});
app.use(compression());
app.use((req, res, next) => {
  const headers = isSecure(req) ? [...SECURITY_HEADERS, ...HTTPS_HEADERS] : SECURITY_HEADERS;
  for (const [name, value] of headers) res.setHeader(name, value);
  next();
});
app.use(
  "/assets",
  express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(path.join(root, "build/client"), { maxAge: "1h" }));
app.use(createRequestHandler({ build, mode: "production" }));

// The final error handler (X-SEC-3): whatever slipped through is a plain 500 or the client's
// own mistake as a 4xx, never a stack trace; logged without the request's data.
// Express knows an error handler by its four parameters.
// eslint-disable-next-line @typescript-eslint/no-unused-vars
app.use((error, req, res, _next) => {
  const status = Number(error?.status ?? error?.statusCode);
  const clientError = status >= 400 && status < 500;
  if (!clientError) {
    console.error(
      `${req.method} ${req.path} failed: ${error?.name ?? "Error"} (${error?.code ?? "no code"})`,
    );
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(clientError ? status : 500).json({
    error: clientError
      ? "The request could not be read."
      : "Something went wrong on our side. Please try again.",
  });
});

for (const note of settings.notes) console.log(note);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
// Catalogue and information pages from the shared HTML cache (X-PERF-3, app/perf/html-cache.*),
// answered before Express once the Host is checked; everything else, and every miss, is the app's.
const htmlCache = build.entry.module.createHtmlCache({
  render: (target) => render(new Request(new URL(target, "http://localhost"))),
  headers: SECURITY_HEADERS,
  secureHeaders: HTTPS_HEADERS,
});
const server = http.createServer((req, res) => {
  dropUntrustedForwarding(req);
  if (hostIsValid(req) && htmlCache.serve(req, res, isSecure(req))) return;
  app(req, res);
});
server.listen(port, host, () => {
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
