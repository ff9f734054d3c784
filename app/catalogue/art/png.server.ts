import sharp from "sharp";
import { eq } from "drizzle-orm";
import { imageWork } from "~/background/image-work.server";
import { BACKGROUND_WORK } from "~/background/image-queue";
import type { Database } from "~/db/client.server";
import { drawingPngs } from "~/catalogue/schema";
import { IMAGE_WORK_LIMITS } from "~/shared/limits";
import type { Product } from "../types";
import { drawProductImage } from "./index";
import { EMAIL_PNG_WIDTH } from "./pictures";

/**
 * The PNG renderer (librsvg inside sharp) ignores textLength and has no condensed face, so its
 * fallback font runs wider than the drawing allows: lettering that has a set width is set
 * smaller so it stays inside the garment.
 */
export function fitLetteringForRaster(svg: string): string {
  return svg.replace(/<text\b[^>]*\btextLength="[^"]*"[^>]*>/g, (tag) =>
    tag.replace(
      /\bfont-size="([\d.]+)"/,
      (_, size: string) => `font-size="${(Number(size) * 0.78).toFixed(1)}"`,
    ),
  );
}

/** The widths a drawing is made in as a PNG: link previews (og:image) and e-mails. */
export const DRAWING_PNG_WIDTHS = [1200, EMAIL_PNG_WIDTH] as const;

/** A drawing as drawn: it follows the product's shape, print and colour, which may change. */
export function drawingKey(product: Product, view: string): string {
  return [product.id, view, product.kind, product.design, product.artColor].join("/");
}

/** This process's answers, by key and width: a burst of asks shares one (X-SEC-18). */
const made = new Map<string, Promise<Buffer>>();
let renders = 0;

/** How many PNGs this process has drawn (the tests count them; once per drawing and width). */
export function drawingsRendered(): number {
  return renders;
}

/** Forgets this process's answers, as a restart does (tests). */
export function forgetDrawingPngs(): void {
  made.clear();
}

async function render(svg: string, size: number): Promise<Buffer> {
  // After the owner's and visitors' photos: a drawing waits, a customer's photo does not.
  return imageWork(BACKGROUND_WORK, (size * size) / 1_000_000, async () => {
    renders++;
    return sharp(Buffer.from(fitLetteringForRaster(svg)), {
      density: Math.round((72 * size) / 1000),
    })
      .timeout({ seconds: IMAGE_WORK_LIMITS.drawingSeconds })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  });
}

/**
 * A drawing's PNG (X-SEC-18, issue 36 item 6): the stored one; else drawn once, in the image
 * queue (one sharp job at a time in the process, so a burst of drawings cannot take Node's
 * thread pool from gzip and the pages), stored, and shared by every ask in the meantime.
 */
export function drawingPng(
  db: Database,
  key: string,
  svg: () => string,
  size: number = DRAWING_PNG_WIDTHS[0],
): Promise<Buffer> {
  const stored = `${key}@${size}`;
  let png = made.get(stored);
  if (!png) {
    png = (async () => {
      const [row] = await db
        .select({ png: drawingPngs.png })
        .from(drawingPngs)
        .where(eq(drawingPngs.key, stored))
        .limit(1);
      if (row) return row.png;
      const bytes = await render(svg(), size);
      await db.insert(drawingPngs).values({ key: stored, png: bytes }).onConflictDoNothing();
      return bytes;
    })();
    made.set(stored, png);
    png.catch(() => made.delete(stored));
  }
  return png;
}

/**
 * The `drawings` job: makes the PNGs of the catalogue's drawings that are not stored yet, a few
 * a round, in the image queue, so they are made at first start and not by a burst of asks.
 * Drafts are left to the owner's preview.
 */
export async function makeMissingDrawings(
  db: Database,
  products: readonly Product[],
  batch: number,
): Promise<number> {
  const keys = new Set(
    (await db.select({ key: drawingPngs.key }).from(drawingPngs)).map((r) => r.key),
  );
  let done = 0;
  for (const product of products) {
    if (product.status === "draft") continue;
    for (const image of product.images) {
      for (const size of DRAWING_PNG_WIDTHS) {
        const key = drawingKey(product, image.view);
        if (keys.has(`${key}@${size}`)) continue;
        await drawingPng(db, key, () => drawProductImage(product, image.view), size);
        if (++done >= batch) return done;
      }
    }
  }
  return done;
}
