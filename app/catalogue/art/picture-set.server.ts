import { createHash } from "node:crypto";
import { SEED_PICTURED } from "../seed";
import type { Product } from "../types";
import { drawProductImage } from "./index";

export interface PictureFile {
  /** Where the file goes, relative to the client build (build/client). */
  fileName: string;
  source: string;
}

/**
 * Every picture of the catalogue, drawn once at build time (X-PERF-2), under a folder named by a
 * hash of all of them: the address changes exactly when a drawing does. See ./pictures.ts.
 */
export function drawPictureSet(products: readonly Product[] = SEED_PICTURED): {
  set: string;
  files: PictureFile[];
} {
  const drawings = products.flatMap((product) =>
    product.images.map((image) => ({
      path: `${product.id}/${image.view}.svg`,
      source: drawProductImage(product, image.view),
    })),
  );
  const hash = createHash("sha256");
  for (const { path, source } of drawings) hash.update(`${path}\n${source}\n`);
  const set = hash.digest("base64url").slice(0, 10);
  return {
    set,
    files: drawings.map(({ path, source }) => ({
      fileName: `assets/pictures/${set}/${path}`,
      source,
    })),
  };
}
