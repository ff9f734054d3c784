// Issue 38, item 6 (under X-PF-1): the metrics of the display face, read from the very files the shop serves,
// and the overrides of a local fallback face (Arial or its metric twins) that would take Oswald's
// place until it arrives. Not in app/app.css yet: with these figures the home page's hero moved
// by 0.04 when the face arrived, where the present stack ("Arial Narrow", on Linux Liberation
// Sans Narrow) moved nothing (docs/performance.md, Layout shift).
//   node scripts/font-metrics.mjs   prints the @font-face overrides for Oswald 500 and 700
// The vertical metrics come from the files; the width (size-adjust) from Chromium's own text
// measurement of the shop's display text (uppercase: headings and buttons are set in capitals)
// in Oswald and in Arial (or Liberation Sans, its metric twin), weight for weight: OS/2's
// xAvgCharWidth averages every glyph and says Oswald is wider than Arial, which it is not.
/* global document -- the measurement runs in the page */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync } from "node:zlib";
import { chromium } from "playwright";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.mjs";
// The WOFF2 known-table tags, in order (a trailing space written as "_").
const KNOWN_TAGS =
  "cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill"
    .split(" ")
    .map((tag) => tag.replace("_", " "));

/** The untransformed tables of a WOFF2 file: tag → bytes (glyf, loca and hmtx are left out). */
export function woff2Tables(file) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (view.getUint32(0) !== 0x774f4632) throw new Error("Not a WOFF2 file.");
  const numTables = view.getUint16(12);
  const compressedLength = view.getUint32(20);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = view.getUint8(at++);
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error("Bad UIntBase128.");
  };
  const entries = [];
  for (let i = 0; i < numTables; i++) {
    const flags = view.getUint8(at++);
    const tag =
      (flags & 0x3f) === 0x3f
        ? String.fromCharCode(...file.subarray(at, (at += 4)))
        : KNOWN_TAGS[flags & 0x3f];
    const transform = (flags >> 6) & 3;
    const origLength = base128();
    const transformed = tag === "glyf" || tag === "loca" ? transform === 0 : transform !== 0;
    const length = transformed ? base128() : origLength;
    entries.push({ tag, length, transformed });
  }
  const data = brotliDecompressSync(file.subarray(at, at + compressedLength));
  const tables = {};
  let offset = 0;
  for (const entry of entries) {
    if (!entry.transformed) tables[entry.tag] = data.subarray(offset, offset + entry.length);
    offset += entry.length;
  }
  return tables;
}

/** Units per em, the vertical metrics the browser lays lines out with, and the average width. */
export function fontMetrics(file) {
  const t = woff2Tables(file);
  const head = new DataView(t.head.buffer, t.head.byteOffset);
  const hhea = new DataView(t.hhea.buffer, t.hhea.byteOffset);
  const os2 = new DataView(t["OS/2"].buffer, t["OS/2"].byteOffset);
  const useTypo = (os2.getUint16(62) & (1 << 7)) !== 0;
  return {
    unitsPerEm: head.getUint16(18),
    // Chromium lays lines out with hhea's metrics unless OS/2 says USE_TYPO_METRICS.
    ascent: useTypo ? os2.getInt16(68) : hhea.getInt16(4),
    descent: useTypo ? -os2.getInt16(70) : -hhea.getInt16(6),
    lineGap: useTypo ? os2.getInt16(72) : hhea.getInt16(8),
    xAvgCharWidth: os2.getInt16(2),
  };
}

const percent = (n) => `${(n * 100).toFixed(1)}%`;

/** The fallback face's overrides: the local face scaled to Oswald's width, Oswald's lines. */
export function fallbackOverrides(metrics, widthRatio) {
  return {
    sizeAdjust: percent(widthRatio),
    ascentOverride: percent(metrics.ascent / metrics.unitsPerEm / widthRatio),
    descentOverride: percent(metrics.descent / metrics.unitsPerEm / widthRatio),
    lineGapOverride: percent(metrics.lineGap / metrics.unitsPerEm / widthRatio),
  };
}

/** A sample of the display text, in capitals as the shop sets it. */
const SAMPLE =
  "THE SHOP FOR BJJ AND MUAY THAI FIGHTWEAR: RASH GUARDS, SHORTS, GIS £29.00 0123456789";

/** Oswald's width ÷ the local fallback's, per weight, as Chromium lays the sample out. */
async function widthRatios(files) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const faces = Object.entries(files)
      .map(
        ([weight, file]) =>
          `@font-face{font-family:O;font-weight:${weight};src:url(data:font/woff2;base64,${readFileSync(file).toString("base64")})}`,
      )
      .join("");
    await page.setContent(
      `<style>${faces}@font-face{font-family:L;font-weight:500;src:local("Arial"),local("Liberation Sans"),local("LiberationSans")}@font-face{font-family:L;font-weight:700;src:local("Arial Bold"),local("Liberation Sans Bold"),local("LiberationSans-Bold")}</style>`,
    );
    return await page.evaluate(
      async ({ weights, sample }) => {
        const context = document.createElement("canvas").getContext("2d");
        const ratios = {};
        for (const weight of weights) {
          await document.fonts.load(`${weight} 100px O`);
          await document.fonts.load(`${weight} 100px L`);
          context.font = `${weight} 100px O`;
          const oswald = context.measureText(sample).width;
          context.font = `${weight} 100px L`;
          ratios[weight] = oswald / context.measureText(sample).width;
        }
        return ratios;
      },
      { weights: Object.keys(files), sample: SAMPLE },
    );
  } finally {
    await browser.close();
  }
}

export const OSWALD_FILES = {
  500: "node_modules/@fontsource/oswald/files/oswald-latin-500-normal.woff2",
  700: "node_modules/@fontsource/oswald/files/oswald-latin-700-normal.woff2",
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ratios = await widthRatios(OSWALD_FILES);
  for (const [weight, file] of Object.entries(OSWALD_FILES)) {
    const metrics = fontMetrics(readFileSync(file));
    console.log(
      weight,
      JSON.stringify(metrics),
      JSON.stringify(fallbackOverrides(metrics, ratios[weight])),
    );
  }
}
