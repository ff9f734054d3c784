import { describe, expect, it } from "vitest";
import { seeded } from "~/catalogue/seed/catalogue";
import type { Product, ProductPhoto } from "../types";
import { linePhotoOf, photosFor, previewPhotoOf } from "./gallery";

const photo = (id: string, color: string | null): ProductPhoto => ({
  id,
  alt: `Photo ${id}`,
  color,
  width: 1600,
  height: 1200,
  avif: [320, 640, 1280].map((w) => ({ url: `/photos/${id}/${w}.avif`, width: w, height: w })),
  webp: [320, 640, 1280].map((w) => ({ url: `/photos/${id}/${w}.webp`, width: w, height: w })),
  placeholder: null,
});

const hoodie = seeded("mens-grip-truth-hoodie");
const withPhotos: Product = {
  ...hoodie,
  photos: [photo("a", null), photo("b", "Black"), photo("c", "Grey"), photo("d", "Black")],
};

describe("the storefront's choice of photos", () => {
  it("X-PHOTO-3: the chosen colour's photos first, each group in the owner's order", () => {
    expect(photosFor(withPhotos).map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
    expect(photosFor(withPhotos, "black").map((p) => p.id)).toEqual(["b", "d", "a", "c"]);
    expect(photosFor(withPhotos, "Red").map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("X-PHOTO-3: link previews use the first photo; none without photos", () => {
    expect(previewPhotoOf(withPhotos)?.url).toBe("/photos/a/1280.webp");
    expect(previewPhotoOf(hoodie)).toBeUndefined();
  });

  it("X-PHOTO-3: an order line's photo is the first of its colour, else the first; none without photos", () => {
    expect(linePhotoOf(withPhotos, "black")?.id).toBe("b");
    expect(linePhotoOf(withPhotos, "Red")?.id).toBe("a");
    expect(linePhotoOf(withPhotos, null)?.id).toBe("a");
    expect(linePhotoOf(hoodie, "Black")).toBeUndefined();
  });
});
