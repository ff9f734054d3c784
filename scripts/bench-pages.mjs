// Server-rendering speed and page weight of the main pages.
// Usage: node scripts/bench-pages.mjs [baseUrl] [requestsPerPage]
// Start the shop first (npm start), or pass the URL of a running one. Loopback only.
import { gzipSync } from "node:zlib";

const base = process.argv[2] ?? "http://localhost:3000";
const runs = Number(process.argv[3] ?? 50);
const pages = ["/", "/mens", "/product/mens-ranked-gorilla-no-gi-set", "/faq"];
if (!/^https?:\/\/(localhost|127\.|\[::1\])/.test(base)) {
  console.error("Benchmark only loopback servers.");
  process.exit(1);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

for (const path of pages) {
  const times = [];
  let html = "";
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const response = await fetch(base + path);
    html = await response.text();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const scripts = [
    ...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g),
  ].map((m) => m[1]);
  let jsGzip = 0;
  for (const src of new Set(scripts)) {
    jsGzip += gzipSync(Buffer.from(await (await fetch(base + src)).arrayBuffer())).length;
  }
  console.log(
    `${path.padEnd(42)} p50 ${percentile(times, 0.5).toFixed(1)} ms  p95 ${percentile(times, 0.95).toFixed(1)} ms  ` +
      `HTML ${(gzipSync(html).length / 1024).toFixed(1)} KB gz  JS ${(jsGzip / 1024).toFixed(1)} KB gz (${new Set(scripts).size} files)`,
  );
}
