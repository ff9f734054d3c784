import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createHtmlCache, type HtmlCacheOptions } from "./html-cache.server";
import { HTML_CACHE_MAX_AGE_MS, HTML_CACHE_REFRESH_MS } from "~/shared/limits";

const PAGE =
  '<!DOCTYPE html><html><head><script nonce="N0NCE">splash()</script></head>' +
  '<body><p>Reviews: REVIEWS</p><script nonce="N0NCE">hydrate()</script></body></html>';

/** A shop in miniature: the cache in front, and "the app" answering whatever it hands on. */
interface RenderAs {
  status?: number;
  headers?: Record<string, string>;
  /** Renders a 404 for these paths (unknown products). */
  missing?: RegExp;
  known?: HtmlCacheOptions["known"];
  isOwner?: HtmlCacheOptions["isOwner"];
}

async function shop(options: RenderAs = {}) {
  const rendered: string[] = [];
  let reviews = 1;
  const clock = { now: 1_000_000 };
  /** Holds renders until released (a slow render). */
  let gate: Promise<void> = Promise.resolve();
  const cache = createHtmlCache({
    enabled: true,
    now: () => clock.now,
    known: options.known,
    isOwner: options.isOwner,
    headers: [["X-Frame-Options", "DENY"]],
    secureHeaders: [["Strict-Transport-Security", "max-age=1"]],
    async render(target) {
      rendered.push(target);
      const body = PAGE.replace("REVIEWS", String(reviews));
      await gate;
      return new Response(body, {
        status: options.missing?.test(target) ? 404 : (options.status ?? 200),
        headers: {
          "Content-Type": "text/html",
          "Content-Security-Policy": "script-src 'self' 'nonce-N0NCE'",
          ...options.headers,
        },
      });
    },
  });
  const server = http.createServer((req, res) => {
    cache.serve(req, res, req.headers["x-test-secure"] === "1", () => {
      if (req.method === "POST") reviews++;
      res.setHeader("Content-Type", "text/plain");
      res.end(req.method === "POST" ? "changed" : "from the app");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request = (
    path: string,
    init: { method?: string; headers?: Record<string, string> } = {},
  ) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const req = http.request(base + path, init, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on("error", reject);
        req.end();
      },
    );
  /** Asks until the cache answers (the first ask starts the render). */
  const hit = async (path: string, init?: Parameters<typeof request>[1]) => {
    let answer = await request(path, init);
    await expect
      .poll(async () => (answer = await request(path, init)).headers["x-cache"])
      .toBe("HIT");
    return answer;
  };
  const world = {
    clock,
    /** A change made by another process: this one hears nothing of it. */
    changeElsewhere: () => void reviews++,
    holdRenders() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
  return { cache, rendered, request, hit, ...world };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("X-PERF-3: the shared HTML cache in front of the app", () => {
  it("X-PERF-3: a miss renders once, for its visitor and the cache; then that render serves everyone, gzip or not", async () => {
    const { rendered, request, hit } = await shop();
    const [first, meanwhile] = await Promise.all([request("/mens"), request("/mens?utm=1")]);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.body.toString()).toContain("<p>Reviews: 1</p>");
    expect(meanwhile.body.equals(first.body)).toBe(true);
    expect(rendered).toEqual(["/mens"]);

    const plain = await hit("/mens");
    expect(rendered).toEqual(["/mens"]);
    expect(plain.body.toString()).toContain("<p>Reviews: 1</p>");
    expect(plain.body.toString()).not.toContain("nonce");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(plain.headers["vary"]).toBe("Accept-Encoding");
    expect(plain.headers["x-frame-options"]).toBe("DENY");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const policy = plain.headers["content-security-policy"] as string;
    expect(policy).not.toContain("nonce");
    expect(policy.match(/'sha256-[^']+'/g)).toHaveLength(2);

    const zipped = await request("/mens", { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);

    const secure = await request("/mens", { headers: { "x-test-secure": "1" } });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=1");

    const head = await request("/mens", { method: "HEAD" });
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(head.headers["content-length"]).toBe(String(plain.body.length));
    expect(head.body.length).toBe(0);

    // Another query is another page.
    expect((await request("/mens?sort=price-asc")).headers["x-cache"]).toBe("MISS");
  });

  it("X-PERF-3: never answers the owner, a request with a body, or a personal page", async () => {
    const { rendered, request, hit } = await shop();
    await hit("/faq");
    const owner = await request("/faq", { headers: { cookie: "gt_owner=s%3Aabc" } });
    expect(owner.body.toString()).toBe("from the app");
    const withBody = await request("/faq", { headers: { "transfer-encoding": "chunked" } });
    expect(withBody.headers["x-cache"]).toBeUndefined();
    for (const path of ["/checkout", "/tracking", "/search?q=gi", "/admin/orders", "/api/stock"]) {
      await request(path);
      const again = await request(path);
      expect(again.headers["x-cache"], path).toBeUndefined();
      expect(again.body.toString(), path).toBe("from the app");
    }
    expect(rendered).toEqual(["/faq"]);
  });

  it("X-SEC-18: the owner's bypass is the session's, not the cookie's name", async () => {
    const { rendered, request, hit } = await shop({
      isOwner: async (cookie) => cookie.includes("gt_owner=s%3Alive"),
    });
    await hit("/faq");
    const owner = await request("/faq", { headers: { cookie: "gt_owner=s%3Alive" } });
    expect(owner.body.toString()).toBe("from the app");
    for (const cookie of ["gt_owner=anything", "theme=dark; gt_owner=s%3Aended"]) {
      const forged = await request("/faq", { headers: { cookie } });
      expect(forged.headers["x-cache"], cookie).toBe("HIT");
    }
    expect(rendered).toEqual(["/faq"]);
  });

  it("X-SEC-18: made-up filter values and unknown product ids take no place in the cache", async () => {
    const { cache, rendered, request, hit } = await shop({
      missing: /^\/product\/(?!water-bottle$)/,
      known: async () => ({ products: new Set(["water-bottle"]), types: new Set(["rashguards"]) }),
    });
    await hit("/");
    await hit("/mens");
    await hit("/product/water-bottle");
    for (let n = 0; n < 520; n++) {
      expect((await request(`/mens?type=made-up-${n}`)).headers["x-cache"]).toBe("HIT");
    }
    for (let n = 0; n < 50; n++) {
      const unknown = await request(`/product/made-up-${n}`);
      expect(unknown.body.toString()).toBe("from the app");
      expect(unknown.headers["x-cache"]).toBeUndefined();
    }
    expect(cache.size).toBe(3);
    expect((await request("/")).headers["x-cache"]).toBe("HIT");
    expect(rendered).toEqual(["/", "/mens", "/product/water-bottle"]);
  });

  it("X-PERF-3: a page that renders as an error, sets a cookie or is private is not stored", async () => {
    const cases: RenderAs[] = [
      { status: 404 },
      { headers: { "Set-Cookie": "a=1" } },
      { headers: { "Cache-Control": "no-store" } },
    ];
    for (const options of cases) {
      const { cache, rendered, request } = await shop(options);
      const first = await request("/product/gone");
      // Rendered once (issue 25): its visitor gets that render, unless it sets a cookie.
      expect(rendered).toHaveLength(1);
      if (options.headers?.["Set-Cookie"]) expect(first.body.toString()).toBe("from the app");
      else {
        expect(first.status).toBe(options.status ?? 200);
        expect(first.body.toString()).toContain("<p>Reviews: 1</p>");
        expect(first.headers["x-frame-options"]).toBe("DENY");
      }
      const again = await request("/product/gone");
      expect(again.headers["x-cache"], JSON.stringify(options)).toBe("MISS");
      expect(again.body.toString()).toBe("from the app");
      expect(cache.size).toBeLessThanOrEqual(1);
      // Not rendered again for every request while the verdict holds.
      await request("/product/gone");
      expect(rendered).toHaveLength(1);
    }
  });

  it("X-PERF-3: a change handled by this process is shown at once", async () => {
    const { request, hit } = await shop();
    expect((await hit("/")).body.toString()).toContain("Reviews: 1");
    await request("/api/products/x/reviews", { method: "POST" });
    expect((await request("/")).headers["x-cache"]).toBe("MISS");
    expect((await hit("/")).body.toString()).toContain("Reviews: 2");
  });

  it("X-PERF-3 (issue 25): a discount-code check empties nothing; random queries render the page once", async () => {
    const { rendered, request, hit } = await shop();
    const first = await hit("/");
    expect(first.headers["cache-control"]).toBe(
      "public, max-age=0, s-maxage=4, stale-while-revalidate=4",
    );
    for (const path of ["/api/discounts/validate", "/api/cart/prices", "/tracking"]) {
      await request(path, { method: "POST" });
      expect((await request("/")).headers["x-cache"], path).toBe("HIT");
    }
    const before = rendered.length;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => request(`/?q${n}=${Math.random()}`)),
    );
    expect(answers.every((a) => a.headers["x-cache"] === "HIT")).toBe(true);
    expect(rendered.length).toBe(before);
  });

  it("X-PERF-3: a change made by another process shows once the page is past its age limits", async () => {
    const { rendered, request, hit, clock, changeElsewhere, holdRenders } = await shop();
    expect((await hit("/")).body.toString()).toContain("Reviews: 1");
    changeElsewhere();
    clock.now += HTML_CACHE_REFRESH_MS - 1;
    expect((await request("/")).body.toString()).toContain("Reviews: 1");
    expect(rendered).toHaveLength(1);

    // Old enough to refresh: still answered while one new render runs, then the new page.
    clock.now += 1;
    const release = holdRenders();
    const stale = await request("/");
    expect(stale.headers["x-cache"]).toBe("HIT");
    expect(stale.body.toString()).toContain("Reviews: 1");
    await request("/");
    expect(rendered).toHaveLength(2);
    release();
    await expect.poll(async () => (await request("/")).body.toString()).toContain("Reviews: 2");

    // Never past the age limit: a request after it waits for the render under way.
    changeElsewhere();
    clock.now += HTML_CACHE_REFRESH_MS;
    const releaseAgain = holdRenders();
    expect((await request("/")).headers["x-cache"]).toBe("HIT");
    clock.now += HTML_CACHE_MAX_AGE_MS - HTML_CACHE_REFRESH_MS;
    const late = request("/");
    setTimeout(releaseAgain, 50);
    expect((await late).body.toString()).toContain("Reviews: 3");
    expect(rendered).toHaveLength(3);
  });
});
