import type { Point } from "./svg";

export interface Fit {
  neckHalf: number;
  neckY: number;
  shoulder: number;
  shoulderY: number;
  armpit: number;
  armpitY: number;
  waist: number;
  waistY: number;
  hem: number;
  hemY: number;
  cuffX: number;
  cuffY: number;
}

export interface TopShape {
  view: "front" | "back";
  silhouette: string;
  /** Where the chest (or upper back) print is centred. */
  chest: Point;
  hemY: number;
  /** The sleeve centre lines, left then right: from the shoulder to the cuff. */
  sleeves: readonly [Point, Point][];
  /** Regions (to clip with) holding the left and right sleeves but not the body. */
  sleeveRegions: readonly [string, string];
  fit: Fit;
}

/** A point part-way along a sleeve centre line, and the angle of the line in degrees. */
export function alongSleeve(sleeve: [Point, Point], t: number): { at: Point; angle: number } {
  const [a, b] = sleeve;
  const at: Point = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const angle = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  return { at, angle };
}
