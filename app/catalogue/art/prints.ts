import type { DesignId, Group } from "../types";
import {
  beacon,
  beastHead,
  beltStripes,
  gorillaMark,
  place,
  seaWave,
  wordmark,
  wrestlers,
} from "./motifs";
import { BRAND_RED, PALETTES, beltPalette, darken, lighten } from "./palette";
import { alongSleeve, type TopShape } from "./top-shape";
import { el, g, text, type Sketch, url } from "./svg";

/** What each no-gi design prints on the rashguard, front and back. Drawn clipped to the garment. */

function stripesOnSleeve(
  sk: Sketch,
  shape: TopShape,
  colours: readonly string[],
  t: number,
): string {
  return shape.sleeves
    .map((s, i) => {
      const { at, angle } = alongSleeve(s, t);
      return g(
        { "clip-path": url(sk.clip(shape.sleeveRegions[i]!)) },
        g(
          {
            transform: `translate(${at[0].toFixed(1)} ${at[1].toFixed(1)}) rotate(${angle.toFixed(1)})`,
          },
          beltStripes(colours, 15, 200, 4),
        ),
      );
    })
    .join("");
}

export function topPrint(
  sk: Sketch,
  design: DesignId,
  group: Group | null,
  shape: TopShape,
): string {
  const p = PALETTES[design];
  const [cx, cy] = shape.chest;
  const front = shape.view === "front";
  const f = shape.fit;
  // Prints shrink with the cut, so they fit the narrower women's and kids' bodies.
  const scale = Math.min(1, f.waist / 138, (f.hemY - f.neckY) / 674);
  switch (design) {
    case "england": {
      const barY = f.armpitY + 20;
      return (
        el("rect", { x: cx - 46, y: 0, width: 92, height: 1000, fill: p.accent }) +
        el("rect", { x: 0, y: barY - 46, width: 1000, height: 92, fill: p.accent }) +
        (front
          ? wordmark(cx + 112, f.neckY + 130, 90 * scale, p.mark)
          : text(cx, barY + 17, "YOUR NAME", {
              size: 50,
              fill: "#ffffff",
              width: 250 * scale,
              stroke: darken(p.accent, 0.2),
              strokeWidth: 2,
            }) + wordmark(cx - 112, f.neckY + 130, 90 * scale, p.mark))
      );
    }
    case "boro-beast": {
      const side = shape.sleeves
        .map((s) => stripeAlong(s, p.accent, 10, 30) + stripeAlong(s, p.trim, 18, 46))
        .join("");
      return (
        side +
        (front
          ? place(cx, cy + 10, 1.05 * scale, beastHead(p.accent, p.base)) +
            text(cx, cy + 205 * scale, "BORO BEAST", {
              size: 60,
              fill: p.accent,
              width: 270 * scale,
            }) +
            wordmark(cx, cy + 250 * scale, 110 * scale, darken(p.base, 0.45))
          : text(cx, cy - 20, "BORO", { size: 130, fill: p.accent, width: 260 * scale }) +
            place(cx, cy + 170 * scale, 0.75 * scale, beastHead(p.accent, p.base)))
      );
    }
    case "ranked-gorilla": {
      const belts = beltPalette(group);
      return (
        stripesOnSleeve(sk, shape, belts, 0.36) +
        el("rect", {
          x: 0,
          y: shape.hemY - 40,
          width: 1000,
          height: 14,
          fill: lighten(p.base, 0.12),
        }) +
        (front
          ? place(cx, cy + 10, 0.95 * scale, gorillaMark(p.accent, p.base)) +
            text(cx, cy + 190 * scale, "RANKED", {
              size: 56,
              fill: p.accent,
              width: 200 * scale,
              spacing: 6,
            }) +
            wordmark(cx, cy + 236 * scale, 130 * scale, BRAND_RED)
          : wordmark(cx, cy - 40, 300 * scale, BRAND_RED) +
            place(cx, cy + 150 * scale, 1.1 * scale, gorillaMark(p.accent, p.base, false)) +
            beltRow(cx, cy + 290 * scale, belts, scale))
      );
    }
    case "lets-wrestle": {
      const gold = p.accent;
      const stripes = shape.sleeves
        .map((s) => stripeAlong(s, gold, 9, 26) + stripeAlong(s, gold, 9, 44))
        .join("");
      return (
        stripes +
        (front
          ? place(cx, cy - 30 * scale, 0.78 * scale, wrestlers(gold)) +
            text(cx, cy + 150 * scale, "LET'S", {
              size: 88,
              fill: gold,
              width: 190 * scale,
              stroke: p.trim,
              strokeWidth: 6,
            }) +
            text(cx, cy + 250 * scale, "WRESTLE", {
              size: 96,
              fill: gold,
              width: 270 * scale,
              stroke: p.trim,
              strokeWidth: 6,
            })
          : text(cx, cy - 20, "LET'S WRESTLE", {
              size: 64,
              fill: gold,
              width: 280 * scale,
              stroke: p.trim,
              strokeWidth: 5,
            }) + place(cx, cy + 130 * scale, 0.7 * scale, wrestlers(gold)))
      );
    }
    case "redcar-bjj": {
      const sea = {
        deep: darken(p.base, 0.25),
        mid: lighten(p.base, 0.12),
        light: lighten(p.base, 0.3),
        foam: p.accent,
      };
      return (
        (front
          ? place(cx, cy + 30 * scale, 0.95 * scale, beacon(p.mark, lighten(p.mark, 0.4), p.base)) +
            text(cx, cy + 200 * scale, "REDCAR BJJ", {
              size: 60,
              fill: p.accent,
              width: 250 * scale,
              spacing: 2,
            })
          : text(cx, cy - 10, "REDCAR", { size: 90, fill: p.accent, width: 250 * scale }) +
            text(cx, cy + 70, "BRAZILIAN JIU-JITSU", {
              size: 30,
              fill: p.mark,
              width: 250 * scale,
              spacing: 2,
            }) +
            place(
              cx,
              cy + 200 * scale,
              0.6 * scale,
              beacon(p.mark, lighten(p.mark, 0.4), p.base),
            )) +
        seaWave(0, 1000, shape.hemY - 150, shape.hemY + 40, sea) +
        shape.sleeves.map((s) => stripeAlong(s, p.mark, 7, 38)).join("")
      );
    }
    case "grip-truth":
      return front
        ? wordmark(cx, cy + 30, 300 * scale, BRAND_RED)
        : wordmark(cx, cy - 20, 360 * scale, BRAND_RED);
  }
}

/** A stripe running down the length of a sleeve, `offset` from its centre line. */
function stripeAlong(
  s: readonly [readonly [number, number], readonly [number, number]],
  fill: string,
  width: number,
  offset: number,
): string {
  const { at, angle } = alongSleeve([s[0], s[1]], 0.5);
  const side = at[0] < 500 ? 1 : -1;
  return el("rect", {
    x: -400,
    y: offset * side - width / 2,
    width: 800,
    height: width,
    fill,
    transform: `translate(${at[0].toFixed(1)} ${at[1].toFixed(1)}) rotate(${angle.toFixed(1)})`,
  });
}

function beltRow(cx: number, y: number, belts: readonly string[], scale: number): string {
  const w = 52 * scale;
  const h = 14 * scale;
  return belts
    .map((c, i) =>
      el("rect", {
        x: cx + (i - belts.length / 2) * (w + 6),
        y,
        width: w,
        height: h,
        rx: 2,
        fill: c,
        stroke: "#3a3a3e",
        "stroke-width": 1.5,
      }),
    )
    .join("");
}
