import type { DesignId, Group } from "../types";
import { PALETTES, darken } from "./palette";
import { topPrint } from "./prints";
import { alongSleeve, type Fit, type TopShape } from "./top-shape";
import { cloth, dropShadow, fabricShading, outline, seam } from "./studio";
import { C, L, el, g, mirrored, path, pathData, type Point, type Sketch, url } from "./svg";

/** A long-sleeve compression rashguard laid flat, front or back. */

const FITS: Record<Group, Fit> = {
  mens: {
    neckHalf: 66,
    neckY: 168,
    shoulder: 180,
    shoulderY: 204,
    armpit: 152,
    armpitY: 380,
    waist: 138,
    waistY: 610,
    hem: 146,
    hemY: 842,
    cuffX: 338,
    cuffY: 742,
  },
  womens: {
    neckHalf: 62,
    neckY: 176,
    shoulder: 164,
    shoulderY: 210,
    armpit: 138,
    armpitY: 375,
    waist: 114,
    waistY: 590,
    hem: 134,
    hemY: 826,
    cuffX: 322,
    cuffY: 728,
  },
  kids: {
    neckHalf: 58,
    neckY: 196,
    shoulder: 160,
    shoulderY: 228,
    armpit: 136,
    armpitY: 380,
    waist: 128,
    waistY: 590,
    hem: 132,
    hemY: 800,
    cuffX: 312,
    cuffY: 706,
  },
};

export function topShape(group: Group | null, view: "front" | "back"): TopShape {
  const f = FITS[group ?? "mens"];
  const cx = 500;
  const x = (d: number) => cx - d;
  const backNeckY = f.neckY + (view === "front" ? 6 : 16);
  const silhouette = mirrored(
    [cx, backNeckY],
    [
      C(cx - 30, backNeckY, x(f.neckHalf) + 12, f.neckY + 2, x(f.neckHalf), f.neckY),
      C(
        x(f.neckHalf) - 40,
        f.neckY + 12,
        x(f.shoulder) + 40,
        f.shoulderY - 8,
        x(f.shoulder),
        f.shoulderY,
      ),
      C(x(f.shoulder) - 30, f.shoulderY + 12, x(f.cuffX) + 36, f.cuffY - 270, x(f.cuffX), f.cuffY),
      L(x(f.cuffX) + 80, f.cuffY + 16),
      C(x(f.cuffX) + 96, f.cuffY - 150, x(f.armpit) - 22, f.armpitY + 90, x(f.armpit), f.armpitY),
      C(x(f.armpit) + 4, f.armpitY + 80, x(f.waist), f.waistY - 90, x(f.waist), f.waistY),
      C(x(f.waist), f.waistY + 90, x(f.hem), f.hemY - 120, x(f.hem), f.hemY),
      C(x(f.hem) + 60, f.hemY + 6, cx - 50, f.hemY + 8, cx, f.hemY + 8),
    ],
  );
  const sleeveTop: Point = [(x(f.shoulder) + x(f.armpit)) / 2 - 6, (f.shoulderY + f.armpitY) / 2];
  const cuffMid: Point = [x(f.cuffX) + 40, f.cuffY + 8];
  const mirror = (p: Point): Point => [1000 - p[0], p[1]];
  const region = (side: 1 | -1): string => {
    const sx = (v: number) => cx + side * (v - cx);
    return pathData(
      [sx(0), 0],
      [
        L(sx(x(f.neckHalf) + 10), 0),
        L(sx(x(f.neckHalf) + 10), f.neckY + 26),
        C(
          sx(x(f.neckHalf) - 22),
          f.neckY + 80,
          sx(x(f.armpit) + 34),
          f.armpitY - 90,
          sx(x(f.armpit) + 2),
          f.armpitY,
        ),
        L(sx(x(f.armpit) + 2), 1000),
        L(sx(0), 1000),
      ],
    );
  };
  return {
    view,
    silhouette,
    sleeveRegions: [region(1), region(-1)],
    chest: [cx, view === "front" ? f.neckY + 215 : f.neckY + 190],
    hemY: f.hemY,
    sleeves: [
      [sleeveTop, cuffMid],
      [mirror(sleeveTop), mirror(cuffMid)],
    ],
    fit: f,
  };
}

/** A band across a sleeve at t (0 shoulder .. 1 cuff), `depth` long along the sleeve. */
export function sleeveBand(sleeve: [Point, Point], t: number, depth: number, fill: string): string {
  const { at, angle } = alongSleeve(sleeve, t);
  return el("rect", {
    x: -depth / 2,
    y: -90,
    width: depth,
    height: 180,
    fill,
    transform: `translate(${at[0].toFixed(1)} ${at[1].toFixed(1)}) rotate(${angle.toFixed(1)})`,
  });
}

export function drawRashguard(
  sk: Sketch,
  design: DesignId,
  group: Group | null,
  view: "front" | "back",
): string {
  const p = PALETTES[design];
  const shape = topShape(group, view);
  const f = shape.fit;
  const cx = 500;
  const clip = sk.clip(shape.silhouette);
  const frontNeck = mirrored(
    [cx, f.neckY + 6],
    [
      C(cx - 30, f.neckY + 6, cx - f.neckHalf + 12, f.neckY + 2, cx - f.neckHalf, f.neckY),
      C(cx - f.neckHalf + 6, f.neckY + 40, cx - 36, f.neckY + 54, cx, f.neckY + 54),
    ],
  );
  const frontCurve = pathData(
    [cx - f.neckHalf, f.neckY],
    [
      C(cx - f.neckHalf + 6, f.neckY + 40, cx - 36, f.neckY + 54, cx, f.neckY + 54),
      C(cx + 36, f.neckY + 54, cx + f.neckHalf - 6, f.neckY + 40, cx + f.neckHalf, f.neckY),
    ],
    false,
  );
  const backCurve = pathData(
    [cx - f.neckHalf, f.neckY],
    [
      C(
        cx - f.neckHalf + 12,
        f.neckY + 2,
        cx - 30,
        f.neckY + (view === "front" ? 6 : 16),
        cx,
        f.neckY + (view === "front" ? 6 : 16),
      ),
      C(
        cx + 30,
        f.neckY + (view === "front" ? 6 : 16),
        cx + f.neckHalf - 12,
        f.neckY + 2,
        cx + f.neckHalf,
        f.neckY,
      ),
    ],
    false,
  );
  const raglan = (side: 1 | -1): string => {
    const sx = (v: number) => cx + side * (v - cx);
    const start: Point =
      view === "front"
        ? [sx(cx - f.neckHalf + 10), f.neckY + 26]
        : [sx(cx - f.neckHalf), f.neckY + 2];
    return pathData(
      start,
      [
        C(
          sx(cx - f.neckHalf - 22),
          f.neckY + 80,
          sx(cx - f.armpit + 34),
          f.armpitY - 90,
          sx(cx - f.armpit + 2),
          f.armpitY,
        ),
      ],
      false,
    );
  };
  // Cuff and hem bands in the trim colour.
  const cuffs = shape.sleeves.map((s) => sleeveBand(s, 0.97, 70, p.trim)).join("");
  const hemBand = el("rect", { x: 0, y: f.hemY - 22, width: 1000, height: 60, fill: p.trim });

  const folds = {
    dark: [
      ...shape.sleeves.flatMap((s) => {
        const a = alongSleeve(s, 0.55).at;
        const b = alongSleeve(s, 0.7).at;
        return [
          pathData([a[0] - 30, a[1] - 8], [L(a[0] + 26, a[1] + 14)], false),
          pathData([b[0] - 26, b[1] - 2], [L(b[0] + 24, b[1] + 16)], false),
        ];
      }),
      `M${cx - f.waist + 40} ${f.waistY - 60}C${cx - f.waist + 60} ${f.waistY} ${cx - f.waist + 50} ${f.waistY + 80} ${cx - f.waist + 70} ${f.hemY - 60}`,
      `M${cx + f.waist - 46} ${f.waistY - 40}C${cx + f.waist - 60} ${f.waistY + 30} ${cx + f.waist - 50} ${f.waistY + 90} ${cx + f.waist - 70} ${f.hemY - 70}`,
    ],
    light: [
      `M${cx - 70} ${f.armpitY}C${cx - 90} ${f.waistY - 60} ${cx - 70} ${f.waistY + 60} ${cx - 90} ${f.hemY - 90}`,
      `M${cx + 80} ${f.armpitY + 20}C${cx + 96} ${f.waistY - 40} ${cx + 74} ${f.waistY + 70} ${cx + 84} ${f.hemY - 100}`,
      ...shape.sleeves.map((s) => {
        const a = alongSleeve(s, 0.2).at;
        const b = alongSleeve(s, 0.85).at;
        return pathData([a[0], a[1]], [L(b[0] + (b[0] < 500 ? 12 : -12), b[1])], false);
      }),
    ],
  };

  return (
    dropShadow([shape.silhouette]) +
    cloth(sk, shape.silhouette, p.base) +
    g({ "clip-path": url(clip) }, topPrint(sk, design, group, shape), cuffs, hemBand) +
    fabricShading(sk, clip, p.base, folds) +
    (view === "front"
      ? path(frontNeck, { fill: darken(p.trim === p.base ? p.base : p.trim, 0.35) }) +
        path(backCurve, { fill: "none", stroke: darken(p.trim, 0.2), "stroke-width": 10 }) +
        path(frontCurve, {
          fill: "none",
          stroke: p.trim,
          "stroke-width": 16,
          "stroke-linecap": "round",
        })
      : path(backCurve, {
          fill: "none",
          stroke: p.trim,
          "stroke-width": 16,
          "stroke-linecap": "round",
        })) +
    seam(raglan(1), p.base) +
    seam(raglan(-1), p.base) +
    outline(shape.silhouette, p.base)
  );
}
