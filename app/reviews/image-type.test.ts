import { describe, expect, it } from "vitest";
import { sniffImageType } from "./image-type";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (c) => c.charCodeAt(0)) : p)),
  );

describe("sniffImageType", () => {
  it("X-REV-3 S-REV-5: recognises JPEG, PNG, WebP and GIF by their magic bytes", () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe("jpeg");
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffImageType(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(sniffImageType(bytes("GIF89a", [1, 0]))).toBe("gif");
    expect(sniffImageType(bytes("GIF87a", [1, 0]))).toBe("gif");
  });

  it("X-REV-3: refuses HTML, SVG and other content whatever it is called", () => {
    expect(sniffImageType(bytes("<!doctype html><script>alert(1)</script>"))).toBeNull();
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImageType(bytes("<?xml version='1.0'?><svg/>"))).toBeNull();
    expect(sniffImageType(bytes("%PDF-1.7"))).toBeNull();
    expect(sniffImageType(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull(); // cut-off PNG signature
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
