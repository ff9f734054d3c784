import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressFile } from "./precompress.vite";
import { precompressedAssets } from "./precompressed.server";

const script = `export const sizes = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `size ${i}`))};\n`;
let dir: string;
let server: http.Server;
let base: string;

/** One raw answer: what the client receives on the wire, before any decoding. */
function get(target: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(`${base}${target}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on("error", reject);
      request.end();
    },
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  mkdirSync(path.join(dir, "pictures/set"), { recursive: true });
  writeFileSync(path.join(dir, "page-abc.js"), script);
  writeFileSync(
    path.join(dir, "pictures/set/front.svg"),
    `<svg>${"<path d='M0 0'/>".repeat(50)}</svg>`,
  );
  writeFileSync(path.join(dir, "tiny.js"), "1");
  writeFileSync(path.join(dir, "font.woff2"), "not text");
  for (const file of ["page-abc.js", "pictures/set/front.svg", "tiny.js"]) {
    await precompressFile(path.join(dir, file));
  }
  const app = express();
  app.use(
    "/assets",
    precompressedAssets(dir),
    express.static(dir, { immutable: true, maxAge: "1y" }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

describe("build-time compressed assets (issue 51)", () => {
  it("writes a Brotli and a gzip copy only where it is smaller, and none for a font", () => {
    expect(existsSync(path.join(dir, "page-abc.js.br"))).toBe(true);
    expect(existsSync(path.join(dir, "page-abc.js.gz"))).toBe(true);
    expect(existsSync(path.join(dir, "pictures/set/front.svg.br"))).toBe(true);
    expect(existsSync(path.join(dir, "tiny.js.br"))).toBe(false);
    expect(existsSync(path.join(dir, "tiny.js.gz"))).toBe(false);
    expect(existsSync(path.join(dir, "font.woff2.br"))).toBe(false);
  });

  it("answers a browser that takes Brotli with the Brotli copy, a year immutable", async () => {
    const answer = await get("/assets/page-abc.js", {
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.body).toEqual(readFileSync(path.join(dir, "page-abc.js.br")));
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("answers gzip to a client that refuses Brotli, and files in folders too", async () => {
    const answer = await get("/assets/page-abc.js", { "accept-encoding": "br;q=0, gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(answer.body).toString()).toBe(script);
    const picture = await get("/assets/pictures/set/front.svg", { "accept-encoding": "br" });
    expect(picture.headers["content-encoding"]).toBe("br");
    expect(picture.headers["content-type"]).toBe("image/svg+xml");
  });

  it("leaves the plain file to express.static for a client that takes neither", async () => {
    const answer = await get("/assets/page-abc.js", { "accept-encoding": "identity" });
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.body.toString()).toBe(script);
    const tiny = await get("/assets/tiny.js", { "accept-encoding": "br" });
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("1");
  });

  it("answers 304 to its own ETag, and HEAD without a body", async () => {
    const first = await get("/assets/page-abc.js", { "accept-encoding": "br" });
    const again = await get("/assets/page-abc.js", {
      "accept-encoding": "br",
      "if-none-match": String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/assets/page-abc.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(first.body.length);
    expect(head.body.length).toBe(0);
  });
});
