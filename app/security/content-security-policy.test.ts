import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.split(" ")[0] === name)
    ?.split(" ")
    .slice(1);

describe("X-SHOP-4, X-PE-4: the page's Content-Security-Policy", () => {
  it("X-PE-4: a rendered page's scripts and <style> elements need its nonce", () => {
    const policy = contentSecurityPolicy({ nonce: "n0nce" });
    expect(directive(policy, "script-src")).toEqual(["'self'", "'nonce-n0nce'"]);
    expect(directive(policy, "style-src")).toEqual(["'self'", "'nonce-n0nce'"]);
    // No 'unsafe-inline' for <style> elements; style attributes (picture rotations) stay allowed.
    expect(directive(policy, "style-src-attr")).toEqual(["'unsafe-inline'"]);
  });

  it("X-PE-4: a shared cached page lists its scripts' and its styles' hashes, each in its place", () => {
    const policy = contentSecurityPolicy({
      hashes: ["sha256-s1", "sha256-s2"],
      styleHashes: ["sha256-c"],
    });
    expect(directive(policy, "script-src")).toEqual(["'self'", "'sha256-s1'", "'sha256-s2'"]);
    expect(directive(policy, "style-src")).toEqual(["'self'", "'sha256-c'"]);
    expect(policy).not.toContain("nonce");
  });
});
