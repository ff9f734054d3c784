import sharp from "sharp";

/**
 * A PNG of a drawn picture, for link previews (og:image): most social sites do not accept SVG.
 * Rendered once per picture and kept.
 */
const pngs = new Map<string, Promise<Buffer>>();

export function svgToPng(key: string, svg: string, size = 1200): Promise<Buffer> {
  let png = pngs.get(key);
  if (!png) {
    png = sharp(Buffer.from(svg), { density: Math.round((72 * size) / 1000) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
    pngs.set(key, png);
    png.catch(() => pngs.delete(key));
  }
  return png;
}
