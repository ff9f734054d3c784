import type { DesignId, Group } from "../types";

/** Colour arithmetic on #rrggbb strings. */
function channels(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full =
    h.length === 3
      ? h
          .split("")
          .map((c) => c + c)
          .join("")
      : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: readonly number[]): string {
  return (
    "#" +
    rgb
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

/** Blend a towards b by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const x = channels(a);
  const y = channels(b);
  return toHex(x.map((v, i) => v + (y[i]! - v) * t));
}

export const darken = (c: string, t: number): string => mix(c, "#000000", t);
export const lighten = (c: string, t: number): string => mix(c, "#ffffff", t);

/** Perceived brightness 0..1, used to pick shading strength on light or dark cloth. */
export function luminance(c: string): number {
  const [r, g, b] = channels(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export const BRAND_RED = "#c8102e";
export const INK = "#111113";
export const GOLD = "#d9a931";

export const ADULT_BELTS = ["#f4f4f2", "#1f4fbf", "#6b2fa3", "#6b3f1d", "#111111"] as const;
export const KIDS_BELTS = ["#f4f4f2", "#8e9196", "#f2c318", "#ee7a1a", "#2e8b3a"] as const;

export function beltPalette(group: Group | null): readonly string[] {
  return group === "kids" ? KIDS_BELTS : ADULT_BELTS;
}

/** The colours a design prints with. */
export interface DesignPalette {
  /** The cloth. */
  base: string;
  /** The main print colour. */
  accent: string;
  /** Collar, cuffs, waistband. */
  trim: string;
  /** Small secondary print (the wordmark). */
  mark: string;
}

export const PALETTES: Record<DesignId, DesignPalette> = {
  england: { base: "#f4f3ef", accent: BRAND_RED, trim: "#1b2647", mark: "#1b2647" },
  "boro-beast": { base: "#c21430", accent: "#f7f5f0", trim: "#161616", mark: "#f7f5f0" },
  "ranked-gorilla": { base: "#19191c", accent: "#ecebe7", trim: "#0c0c0d", mark: BRAND_RED },
  "lets-wrestle": { base: "#1e46b4", accent: GOLD, trim: "#10245f", mark: GOLD },
  "redcar-bjj": { base: "#0d7475", accent: "#e8f4f0", trim: "#084b4d", mark: "#f2d27a" },
  "grip-truth": { base: "#151517", accent: BRAND_RED, trim: "#0b0b0c", mark: BRAND_RED },
};

/**
 * The garment colours a customer chooses (hoodies, Thai shorts) as the drawing paints them, so a
 * line's picture is the line's colour (X-TRUE-11): a black hoodie is drawn black in the cart.
 */
/** The drawings that paint the garment in its colour (the others ignore a colour). */
export const PAINTED_KINDS: ReadonlySet<string> = new Set(["hoodie", "thai-shorts"]);

export const GARMENT_COLOURS: Readonly<Record<string, string>> = {
  Grey: "#8a8d91",
  Black: "#1d1d20",
  Purple: "#5b2a86",
  Red: "#b3122e",
  // Issue 53: the colours owners give gis and kit beyond the seed's, so each has a swatch on the
  // product page (ChoiceGroup) and a painted drawing (a Navy gi had neither).
  White: "#f4f3ef",
  Navy: "#1b2647",
  Blue: "#1e46b4",
  Green: "#2f6b3a",
  Pink: "#e58fb0",
  Khaki: "#b7a57a",
};
