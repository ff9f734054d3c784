import sharp from "sharp";

/**
 * A PNG of a drawn picture, for link previews (og:image): most social sites do not accept SVG.
 * Rendered once per picture and kept.
 */
const pngs = new Map<string, Promise<Buffer>>();

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

export function svgToPng(key: string, svg: string, size = 1200): Promise<Buffer> {
  let png = pngs.get(key);
  if (!png) {
    png = sharp(Buffer.from(fitLetteringForRaster(svg)), {
      density: Math.round((72 * size) / 1000),
    })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
    pngs.set(key, png);
    png.catch(() => pngs.delete(key));
  }
  return png;
}
