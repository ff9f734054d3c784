import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { acceptsEncoding } from "./html-cache";
import { isPrecompressible, PRECOMPRESSED_CODINGS, type PrecompressedCoding } from "./precompress";

interface Encoded {
  coding: PrecompressedCoding;
  body: Buffer;
  etag: string;
}

/** What the build wrote beside each text file, read once: `/<path under the folder>` → copies. */
export function readPrecompressed(dir: string): Map<string, Encoded[]> {
  const index = new Map<string, Encoded[]>();
  if (!existsSync(dir)) return index;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !isPrecompressible(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const encoded: Encoded[] = [];
    for (const { coding, suffix } of PRECOMPRESSED_CODINGS) {
      if (!existsSync(file + suffix)) continue;
      const body = readFileSync(file + suffix);
      const digest = createHash("sha256").update(body).digest("base64url").slice(0, 27);
      encoded.push({ coding, body, etag: `"${digest}-${coding}"` });
    }
    if (encoded.length)
      index.set(`/${path.relative(dir, file).split(path.sep).join("/")}`, encoded);
  }
  return index;
}

/**
 * Answers a hashed asset from its build-time Brotli or gzip copy (app/perf/precompress.ts), from
 * memory, with the headers express.static would give it; what has no copy, a client that takes
 * neither coding, and every other method go on to express.static.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const index = readPrecompressed(dir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const copies = index.get(req.path);
    if (!copies) return next();
    res.vary("Accept-Encoding");
    const accept = req.headers["accept-encoding"];
    const chosen = copies.find((copy) => acceptsEncoding(accept, copy.coding));
    if (!chosen) return next();
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", chosen.coding);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("ETag", chosen.etag);
    if (req.headers["if-none-match"] === chosen.etag) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Length", chosen.body.length);
    res.end(req.method === "HEAD" ? undefined : chosen.body);
  };
}
