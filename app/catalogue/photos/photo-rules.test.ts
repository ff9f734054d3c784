import { describe, expect, it } from "vitest";
import {
  checkAlt,
  checkColor,
  EMAIL_RENDITION_WIDTHS,
  renditionWidths,
  sniffPhotoFormat,
} from "./photo-rules";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p)] : p)));

describe("product photo rules", () => {
  it("X-PHOTO-1: knows a photo by its first bytes, never its name", () => {
    expect(sniffPhotoFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffPhotoFormat(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("png");
    expect(sniffPhotoFormat(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(sniffPhotoFormat(bytes([0, 0, 0, 28], "ftypavif", [0, 0, 0, 0], "mif1"))).toBe("avif");
    expect(sniffPhotoFormat(bytes([0, 0, 0, 28], "ftypheic", [0, 0, 0, 0], "mif1"))).toBe("heic");
    expect(sniffPhotoFormat(bytes([0, 0, 0, 28], "ftypmif1", [0, 0, 0, 0], "heic"))).toBe("heic");
    expect(sniffPhotoFormat(bytes("GIF89a"))).toBeNull();
    expect(sniffPhotoFormat(bytes("<svg xmlns="))).toBeNull();
  });

  it("X-PHOTO-1: alt text is required; a colour tag is one of the product's", () => {
    expect(checkAlt("  ")).toEqual({
      ok: false,
      error: "Describe the photo for customers who cannot see it.",
    });
    expect(checkAlt(" Front,\n  grey ")).toEqual({ ok: true, value: "Front, grey" });
    expect(checkAlt("x".repeat(301)).ok).toBe(false);
    expect(checkColor("black", ["Grey", "Black"])).toEqual({ ok: true, value: "Black" });
    expect(checkColor("", ["Grey"])).toEqual({ ok: true, value: null });
    expect(checkColor("Red", ["Grey"]).ok).toBe(false);
  });

  it("X-PHOTO-2: rendition widths never exceed the original", () => {
    expect(renditionWidths(4000)).toEqual([320, 640, 960, 1280, 1600]);
    expect(renditionWidths(1000)).toEqual([320, 640, 960]);
    expect(renditionWidths(200)).toEqual([200]);
    expect(renditionWidths(4000, EMAIL_RENDITION_WIDTHS)).toEqual([160, 320]);
    expect(renditionWidths(200, EMAIL_RENDITION_WIDTHS)).toEqual([160]);
  });
});
