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
import { PALETTES, beltPalette, darken, lighten } from "./palette";
import { cloth, dropShadow, fabricShading, outline, seam, stitch } from "./studio";
import { C, L, el, g, mirrored, path, pathData, text, type Sketch, url } from "./svg";

/** Grappling shorts laid flat: drawcord waistband, split hems, the design on the legs. */

interface ShortsFit {
  waist: number;
  top: number;
  band: number;
  hip: number;
  crotchY: number;
  hemY: number;
  hemOuter: number;
}

const FITS: Record<Group, ShortsFit> = {
  mens: { waist: 232, top: 236, band: 64, hip: 262, crotchY: 566, hemY: 760, hemOuter: 268 },
  womens: { waist: 214, top: 256, band: 60, hip: 246, crotchY: 560, hemY: 730, hemOuter: 256 },
  kids: { waist: 206, top: 268, band: 56, hip: 226, crotchY: 548, hemY: 716, hemOuter: 232 },
};

export function drawShorts(sk: Sketch, design: DesignId, group: Group | null): string {
  const p = PALETTES[design];
  const f = FITS[group ?? "mens"];
  const cx = 500;
  const bandBottom = f.top + f.band;
  const silhouette = mirrored(
    [cx, f.top + 6],
    [
      C(cx - 90, f.top + 6, cx - f.waist + 40, f.top, cx - f.waist, f.top - 4),
      L(cx - f.waist - 4, bandBottom),
      C(
        cx - f.hip + 6,
        bandBottom + 110,
        cx - f.hemOuter - 4,
        f.hemY - 180,
        cx - f.hemOuter,
        f.hemY - 12,
      ),
      C(cx - f.hemOuter + 70, f.hemY + 2, cx - 130, f.hemY + 14, cx - 44, f.hemY + 18),
      C(cx - 34, f.hemY - 70, cx - 14, f.crotchY + 50, cx, f.crotchY),
    ],
  );
  const clip = sk.clip(silhouette);
  const kids = group === "kids" ? 0.85 : 1;
  const legL = cx - f.hip / 2 - 18;
  const legR = cx + f.hip / 2 + 18;
  const legY = (bandBottom + f.hemY) / 2 + 20;

  const printed = ((): string => {
    switch (design) {
      case "england":
        return (
          el("rect", { x: legL - 32, y: 0, width: 64, height: 1000, fill: p.accent }) +
          el("rect", { x: 0, y: legY - 32, width: cx, height: 64, fill: p.accent }) +
          wordmark(legR + 10, f.hemY - 70, 120 * kids, p.mark)
        );
      case "boro-beast":
        return (
          place(legR + 8, legY - 10, 0.72 * kids, beastHead(p.accent, p.base)) +
          text(legL + 6, legY + 30, "BORO", {
            size: 90,
            fill: p.accent,
            width: 150 * kids,
            transform: `rotate(-90 ${legL + 6} ${legY + 30})`,
          }) +
          sideStripes(f, cx, p.trim, p.accent)
        );
      case "ranked-gorilla":
        return (
          place(legL + 4, legY, 0.58 * kids, gorillaMark(p.accent, p.base)) +
          g(
            { transform: `translate(${cx + f.hip - 60} ${legY}) rotate(-6)` },
            beltStripes(beltPalette(group), 14, 420, 4),
          ) +
          wordmark(legR - 50, f.hemY - 60, 100 * kids)
        );
      case "lets-wrestle":
        return (
          text(legL - 6, legY - 4, "LET'S WRESTLE", {
            size: 60,
            fill: p.accent,
            width: 290 * kids,
            stroke: p.trim,
            strokeWidth: 5,
            transform: `rotate(-90 ${legL - 6} ${legY - 4})`,
          }) +
          place(legR + 6, legY - 20, 0.5 * kids, wrestlers(p.accent)) +
          el("rect", { x: 0, y: f.hemY - 50, width: 1000, height: 10, fill: p.accent }) +
          el("rect", { x: 0, y: f.hemY - 34, width: 1000, height: 6, fill: p.accent })
        );
      case "redcar-bjj":
        return (
          seaWave(0, 1000, f.hemY - 110, f.hemY + 40, {
            deep: darken(p.base, 0.25),
            mid: lighten(p.base, 0.12),
            light: lighten(p.base, 0.3),
            foam: p.accent,
          }) +
          place(legR + 6, legY - 40, 0.55 * kids, beacon(p.mark, lighten(p.mark, 0.4), p.base)) +
          text(legL, legY - 40, "REDCAR", { size: 56, fill: p.accent, width: 150 * kids }) +
          text(legL, legY + 6, "BJJ", { size: 48, fill: p.mark, width: 70 * kids })
        );
      case "grip-truth":
        return wordmark(legL, legY, 160 * kids);
    }
  })();

  const waistband =
    el("rect", { x: 0, y: 0, width: 1000, height: bandBottom + 2, fill: p.trim }) +
    [12, 24, 36, 48]
      .filter((y) => y < f.band - 6)
      .map((y) =>
        path(`M0 ${f.top + y}L1000 ${f.top + y}`, {
          stroke: lighten(p.trim, 0.18),
          "stroke-width": 1.5,
          opacity: 0.6,
        }),
      )
      .join("");
  const cord = lighten(p.trim, 0.85);
  const drawcord =
    el("circle", {
      cx: cx - 16,
      cy: f.top + f.band / 2,
      r: 6,
      fill: "#0b0b0b",
      stroke: "#c9c9c9",
      "stroke-width": 2,
    }) +
    el("circle", {
      cx: cx + 16,
      cy: f.top + f.band / 2,
      r: 6,
      fill: "#0b0b0b",
      stroke: "#c9c9c9",
      "stroke-width": 2,
    }) +
    path(
      `M${cx - 16} ${f.top + f.band / 2}C${cx - 30} ${bandBottom + 20} ${cx - 50} ${bandBottom + 50} ${cx - 40} ${bandBottom + 96}` +
        `M${cx + 16} ${f.top + f.band / 2}C${cx + 26} ${bandBottom + 24} ${cx + 52} ${bandBottom + 40} ${cx + 48} ${bandBottom + 90}`,
      { fill: "none", stroke: cord, "stroke-width": 7, "stroke-linecap": "round" },
    ) +
    el("rect", { x: cx - 45, y: bandBottom + 92, width: 10, height: 22, rx: 3, fill: "#1a1a1a" }) +
    el("rect", { x: cx + 43, y: bandBottom + 86, width: 10, height: 22, rx: 3, fill: "#1a1a1a" });
  const fly = pathData(
    [cx + 2, bandBottom],
    [
      L(cx + 2, f.crotchY - 130),
      C(cx + 2, f.crotchY - 100, cx - 20, f.crotchY - 90, cx - 26, f.crotchY - 110),
      L(cx - 28, bandBottom),
    ],
    false,
  );
  const slit = (side: 1 | -1) => {
    const x = cx + side * (f.hemOuter - 14);
    return (
      path(`M${x} ${f.hemY - 8}L${x - side * 4} ${f.hemY - 78}`, {
        stroke: darken(p.base, 0.5),
        "stroke-width": 3.5,
        "stroke-linecap": "round",
      }) +
      el("rect", {
        x: x - side * 4 - 6,
        y: f.hemY - 90,
        width: 12,
        height: 10,
        rx: 2,
        fill: darken(p.base, 0.3),
      })
    );
  };
  const hemStitch = pathData(
    [cx - f.hemOuter + 4, f.hemY - 36],
    [C(cx - f.hemOuter + 70, f.hemY - 22, cx - 130, f.hemY - 10, cx - 44, f.hemY - 6)],
    false,
  );
  const hemStitchR = pathData(
    [cx + f.hemOuter - 4, f.hemY - 36],
    [C(cx + f.hemOuter - 70, f.hemY - 22, cx + 130, f.hemY - 10, cx + 44, f.hemY - 6)],
    false,
  );
  const folds = {
    dark: [
      `M${cx - 130} ${f.crotchY - 30}C${cx - 90} ${f.crotchY - 10} ${cx - 50} ${f.crotchY} ${cx - 26} ${f.crotchY + 30}`,
      `M${cx + 140} ${f.crotchY - 20}C${cx + 100} ${f.crotchY} ${cx + 60} ${f.crotchY + 10} ${cx + 30} ${f.crotchY + 40}`,
      `M${cx - 200} ${bandBottom + 40}L${cx - 150} ${bandBottom + 120}`,
    ],
    light: [
      `M${cx - 170} ${bandBottom + 60}C${cx - 150} ${f.crotchY} ${cx - 170} ${f.hemY - 80} ${cx - 150} ${f.hemY - 40}`,
      `M${cx + 150} ${bandBottom + 70}C${cx + 170} ${f.crotchY} ${cx + 150} ${f.hemY - 80} ${cx + 170} ${f.hemY - 40}`,
    ],
  };
  const zoom = 1.24;
  return g(
    {
      transform: `translate(500 ${(f.top + f.hemY) / 2}) scale(${zoom}) translate(-500 ${-(f.top + f.hemY) / 2 + 12})`,
    },
    dropShadow([silhouette]) +
      cloth(sk, silhouette, p.base) +
      g({ "clip-path": url(clip) }, printed, waistband) +
      fabricShading(sk, clip, p.base, folds) +
      seam(fly, p.base) +
      stitch(hemStitch, lighten(p.base, 0.4), 1.6, "6 4", 0.5) +
      stitch(hemStitchR, lighten(p.base, 0.4), 1.6, "6 4", 0.5) +
      slit(-1) +
      slit(1) +
      drawcord +
      outline(silhouette, p.base),
  );
}

function sideStripes(f: ShortsFit, cx: number, dark: string, light: string): string {
  const band = (side: 1 | -1) => {
    const x = cx + side * (f.hip - 18);
    return (
      path(`M${x} 0L${x + side * 8} 1000`, { stroke: dark, "stroke-width": 40 }) +
      path(`M${x - side * 24} 0L${x - side * 16} 1000`, { stroke: light, "stroke-width": 8 })
    );
  };
  return band(-1) + band(1);
}
