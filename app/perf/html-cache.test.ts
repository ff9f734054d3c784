import { describe, expect, it } from "vitest";
import {
  acceptsEncoding,
  acceptsGzip,
  cacheKey,
  carriesCookie,
  changesCachedPages,
  ExpiringLru,
  inlineScriptHashes,
  inlineStyleHashes,
  isCacheablePath,
  isStorable,
  mayAnswerFromCache,
  dependsOnVisitor,
  PERSONAL_CACHE_CONTROL,
  policyNonce,
  withoutNonce,
} from "./html-cache";

const get = { method: "GET", contentLength: undefined, transferEncoding: undefined };

describe("X-PERF-3: what the shared HTML cache keeps", () => {
  it("X-PERF-3: catalogue and information pages only", () => {
    for (const path of [
      "/",
      "/mens",
      "/womens/no-gi",
      "/accessories",
      "/product/mens-grip-n-trip-thai-shorts",
      "/customisation",
      "/faq",
      "/size-guide",
      "/delivery",
      "/privacy-policy",
    ]) {
      expect(isCacheablePath(path), path).toBe(true);
    }
    for (const path of [
      "/checkout",
      "/payment",
      "/order-confirmation",
      "/tracking",
      "/returns/request",
      "/search",
      "/admin",
      "/admin/orders",
      "/api/stock",
      "/api/reviews/count",
      "/mens.data",
      "/product/x/y",
      "/images/products/x/front.svg",
      "/nowhere",
    ]) {
      expect(isCacheablePath(path), path).toBe(false);
    }
  });

  it("X-PERF-3: keys on path and query, never an absolute-form target", () => {
    expect(cacheKey("/mens?sort=price-asc")).toBe("/mens?sort=price-asc");
    expect(cacheKey("/mens")).not.toBe(cacheKey("/mens?sort=price-asc"));
    expect(cacheKey("/checkout?x=1")).toBeNull();
    expect(cacheKey("http://evil.example/mens")).toBeNull();
    expect(cacheKey(undefined)).toBeNull();
  });

  it("X-PERF-3 (issue 25): the key keeps only the query a page reads, in one order, without defaults", () => {
    // What the page ignores lands on the page it renders as.
    expect(cacheKey("/?utm_source=mail&x=1")).toBe("/");
    expect(cacheKey("/product/water-bottle?ref=ig")).toBe("/product/water-bottle");
    expect(cacheKey("/faq?open=3")).toBe("/faq");
    expect(cacheKey("/mens?utm_source=mail")).toBe("/mens");
    // Unknown values and defaults are dropped as the page drops them.
    expect(cacheKey("/mens?sort=zzz&page=0&view=tiles")).toBe("/mens");
    expect(cacheKey("/mens?sort=featured&page=1&view=grid")).toBe("/mens");
    expect(cacheKey("/mens?page=51")).toBe("/mens");
    // What it reads is kept, in the page's own order whatever the request's.
    expect(cacheKey("/mens?page=2&sort=price-asc&age=adult&type=rashguards")).toBe(
      cacheKey("/mens?type=rashguards&sort=price-asc&page=2&zz=1&age=adult"),
    );
    expect(cacheKey("/womens?sort=price-desc&page=3")).toBe("/womens?sort=price-desc&page=3");
    expect(cacheKey("/accessories?price=all&category=nope")).toBe("/accessories");
    // Two hundred random queries on the home page are one key.
    const keys = new Set(
      Array.from({ length: 200 }, () => cacheKey(`/?${Math.random().toString(36).slice(2)}=1`)),
    );
    expect([...keys]).toEqual(["/"]);
  });

  it("X-PERF-3 (issue 25): a discount check, a search or a tracking lookup forgets no page", () => {
    for (const target of [
      "/api/discounts/validate",
      "/api/cart/prices",
      "/tracking",
      "/tracking.data",
      "/api/enquiries",
    ]) {
      expect(changesCachedPages(target), target).toBe(false);
    }
    for (const target of [
      "/api/products/water-bottle/reviews",
      "/api/create-checkout-session",
      "/payment?session_id=x",
      "/api/admin/stock",
      "/admin/products/water-bottle",
    ]) {
      expect(changesCachedPages(target), target).toBe(true);
    }
  });

  it("X-PERF-3: answers GET and HEAD without a body", () => {
    expect(mayAnswerFromCache(get)).toBe(true);
    expect(mayAnswerFromCache({ ...get, method: "HEAD" })).toBe(true);
    expect(mayAnswerFromCache({ ...get, contentLength: "0" })).toBe(true);
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect(mayAnswerFromCache({ ...get, method }), method).toBe(false);
    }
    expect(mayAnswerFromCache({ ...get, contentLength: "12" })).toBe(false);
    expect(mayAnswerFromCache({ ...get, transferEncoding: "chunked" })).toBe(false);
    expect(carriesCookie("gt_owner=x", "gt_owner")).toBe(true);
    expect(carriesCookie("not_gt_owner=x", "gt_owner")).toBe(false);
  });

  it("X-SEC-18: with the catalogue known, made-up types are dropped and unknown product ids have no key", () => {
    const known = { products: new Set(["water-bottle"]), types: new Set(["rashguards"]) };
    expect(cacheKey("/product/water-bottle", known)).toBe("/product/water-bottle");
    expect(cacheKey("/product/no-such-thing", known)).toBeNull();
    expect(cacheKey("/mens?type=rashguards", known)).toBe("/mens?type=rashguards");
    const keys = new Set(
      Array.from({ length: 520 }, (_, n) => cacheKey(`/mens?type=made-up-${n}`, known)),
    );
    expect([...keys]).toEqual(["/mens"]);
  });

  it("X-SEC-18: an answer that depends on who asks is private, no-store", () => {
    const names = ["gt_owner", "gt_cart"];
    expect(PERSONAL_CACHE_CONTROL).toBe("private, no-store");
    const plain = { setsCookie: false, cacheControl: undefined };
    expect(dependsOnVisitor(undefined, names, plain)).toBe(false);
    expect(dependsOnVisitor("theme=dark", names, plain)).toBe(false);
    expect(dependsOnVisitor("a=1; gt_cart=abc", names, plain)).toBe(true);
    expect(dependsOnVisitor("gt_owner=abc", names, { ...plain, cacheControl: "no-store" })).toBe(
      true,
    );
    // A drawing or a photo, the same for everyone, stays in the browser's cache.
    const shared = { setsCookie: false, cacheControl: "public, max-age=86400" };
    expect(dependsOnVisitor("gt_cart=abc", names, shared)).toBe(false);
    expect(dependsOnVisitor(undefined, names, { setsCookie: true, cacheControl: "public" })).toBe(
      true,
    );
  });

  it("X-PERF-3: stores only plain 200 HTML that sets no cookie and is not private", () => {
    const html = (extra: Record<string, string> = {}) =>
      new Headers({ "content-type": "text/html", ...extra });
    expect(isStorable(200, html())).toBe(true);
    expect(isStorable(200, html({ "cache-control": "public, max-age=60" }))).toBe(true);
    expect(isStorable(404, html())).toBe(false);
    expect(isStorable(503, html())).toBe(false);
    expect(isStorable(200, html({ "set-cookie": "a=1" }))).toBe(false);
    expect(isStorable(200, html({ "cache-control": "no-store" }))).toBe(false);
    expect(isStorable(200, html({ "cache-control": "Private, max-age=0" }))).toBe(false);
    expect(isStorable(200, new Headers({ "content-type": "application/json" }))).toBe(false);
  });
});

describe("X-PERF-3: a cached page's Content-Security-Policy", () => {
  it("X-PERF-3: takes the nonce out of the page, or refuses a page that repeats it elsewhere", () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-abc+/='; object-src 'none'";
    expect(policyNonce(policy)).toBe("abc+/=");
    expect(policyNonce("default-src 'self'")).toBeNull();
    expect(withoutNonce('<script nonce="abc+/=">x()</script><p>hi</p>', "abc+/=")).toBe(
      "<script>x()</script><p>hi</p>",
    );
    expect(withoutNonce('<script nonce="abc">x("abc")</script>', "abc")).toBeNull();
  });

  it("X-PERF-3: hashes each inline script once, and no script with a src", () => {
    // sha256 of the empty string and of "alert(1)", as browsers compute them.
    const html =
      '<head><script></script><script src="/a.js"></script></head>' +
      '<body><script type="module" async="">alert(1)</script><script>alert(1)</SCRIPT ></body>';
    expect(inlineScriptHashes(html)).toEqual([
      "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
      "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=",
    ]);
  });

  it("X-PERF-3, X-PE-4: hashes each <style> element's text once, not the scripts", () => {
    const html =
      '<head><style id="gt-styles">alert(1)</style><script>x()</script></head>' +
      "<body><style></style><style>alert(1)</STYLE ></body>";
    expect(inlineStyleHashes(html)).toEqual([
      "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=",
      "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
    ]);
    expect(inlineStyleHashes("<p>no styles</p>")).toEqual([]);
  });
});

describe("X-PERF-3: gzip when the client takes it", () => {
  it("X-PERF-3: reads Accept-Encoding with its q-values", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0, *", "br")).toBe(false);
    expect(acceptsEncoding("gzip, *;q=0.1", "br")).toBe(true);
    expect(acceptsEncoding("gzip", "br")).toBe(false);
  });
});

describe("X-PERF-3: memory stays bounded", () => {
  it("X-PERF-3: entries expire", () => {
    const lru = new ExpiringLru<string>(10, 1000);
    lru.set("a", "A", 1, 100);
    expect(lru.get("a", 99)).toBe("A");
    expect(lru.get("a", 100)).toBeUndefined();
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });

  it("X-PERF-3: the least recently used goes first, by count and by bytes", () => {
    const lru = new ExpiringLru<string>(2, 100);
    lru.set("a", "A", 10, 1e9);
    lru.set("b", "B", 10, 1e9);
    lru.get("a", 0);
    lru.set("c", "C", 10, 1e9);
    expect(lru.get("b", 0)).toBeUndefined();
    expect(lru.get("a", 0)).toBe("A");
    lru.set("d", "D", 95, 1e9);
    expect(lru.size).toBe(1);
    expect(lru.bytes).toBe(95);
    lru.set("huge", "H", 101, 1e9);
    expect(lru.get("huge", 0)).toBeUndefined();
    expect(lru.get("d", 0)).toBe("D");
    lru.clear();
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });
});
