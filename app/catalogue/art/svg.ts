import { escapeXml } from "~/shared/escape";
/**
 * Tiny SVG string toolkit for the product drawings: number formatting, elements, XML escaping,
 * symmetric paths and a per-document collector of <defs> with deterministic ids.
 */

export type Point = readonly [number, number];
export type Attrs = Record<string, string | number | undefined | null | false>;

/** Numbers rounded to one decimal place, so documents are compact and deterministic. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(rounded === 0 ? 0 : rounded);
}

export { escapeXml };

function attrText(attrs: Attrs): string {
  let out = "";
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    const text = typeof value === "number" ? num(value) : escapeXml(value);
    out += ` ${key}="${text}"`;
  }
  return out;
}

/** One element; children are already-built markup. */
export function el(tag: string, attrs: Attrs = {}, children?: string): string {
  if (children === undefined || children === "") return `<${tag}${attrText(attrs)}/>`;
  return `<${tag}${attrText(attrs)}>${children}</${tag}>`;
}

export function g(attrs: Attrs, ...children: string[]): string {
  return el("g", attrs, children.join(""));
}

export function path(d: string, attrs: Attrs = {}): string {
  return el("path", { d, ...attrs });
}

export interface TextOptions {
  size: number;
  fill: string;
  anchor?: "start" | "middle" | "end";
  /** Forces the rendered width, so the lettering fits whichever fallback font is used. */
  width?: number;
  weight?: number;
  spacing?: number;
  stroke?: string;
  strokeWidth?: number;
  transform?: string;
  opacity?: number;
}

export const DISPLAY_FONT = "Oswald, 'Arial Narrow', Arial, sans-serif";

/** Bold condensed display lettering. */
export function text(x: number, y: number, content: string, o: TextOptions): string {
  return el(
    "text",
    {
      x,
      y,
      "font-family": DISPLAY_FONT,
      "font-weight": o.weight ?? 700,
      "font-size": o.size,
      "text-anchor": o.anchor ?? "middle",
      "letter-spacing": o.spacing,
      textLength: o.width,
      lengthAdjust: o.width ? "spacingAndGlyphs" : undefined,
      fill: o.fill,
      stroke: o.stroke,
      "stroke-width": o.strokeWidth,
      "stroke-linejoin": o.stroke ? "round" : undefined,
      "paint-order": o.stroke ? "stroke" : undefined,
      transform: o.transform,
      opacity: o.opacity,
    },
    escapeXml(content),
  );
}

/** A straight segment, or a cubic curve when both control points are given. */
export interface Segment {
  to: Point;
  c1?: Point;
  c2?: Point;
}

function segmentText(s: Segment): string {
  const p = `${num(s.to[0])} ${num(s.to[1])}`;
  if (s.c1 && s.c2) {
    return `C${num(s.c1[0])} ${num(s.c1[1])} ${num(s.c2[0])} ${num(s.c2[1])} ${p}`;
  }
  return `L${p}`;
}

export function pathData(start: Point, segments: readonly Segment[], close = true): string {
  const body = segments.map(segmentText).join("");
  return `M${num(start[0])} ${num(start[1])}${body}${close ? "Z" : ""}`;
}

/** Shorthands for segments. */
export const L = (x: number, y: number): Segment => ({ to: [x, y] });
export const C = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x: number,
  y: number,
): Segment => ({
  c1: [x1, y1],
  c2: [x2, y2],
  to: [x, y],
});

/**
 * A closed shape symmetric about the vertical line x = axis: the left half is given from a point
 * on the axis round to another point on the axis; the right half is its mirror image.
 */
export function mirrored(start: Point, left: readonly Segment[], axis = 500): string {
  const flip = (p: Point): Point => [2 * axis - p[0], p[1]];
  const points: Point[] = [start, ...left.map((s) => s.to)];
  const right: Segment[] = [];
  for (let i = left.length - 1; i >= 0; i--) {
    const s = left[i]!;
    const to = flip(points[i]!);
    right.push(s.c1 && s.c2 ? { to, c1: flip(s.c2), c2: flip(s.c1) } : { to });
  }
  return pathData(start, [...left, ...right]);
}

/** The mirror image of a list of points (for drawing the right-hand twin of a left-hand part). */
export function flipX(p: Point, axis = 500): Point {
  return [2 * axis - p[0], p[1]];
}

/** Collects <defs> for one document and hands out ids that are unique within it. */
export class Sketch {
  private readonly defs: string[] = [];
  private count = 0;

  id(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  defsMarkup(): string {
    return this.defs.join("");
  }

  /** A clip path from one or more path data strings; returns its id. */
  clip(...d: string[]): string {
    const id = this.id("clip");
    this.def(el("clipPath", { id }, d.map((x) => path(x)).join("")));
    return id;
  }

  /** A linear gradient; stops are [offset 0..1, colour, opacity?]. Returns its id. */
  linear(
    stops: readonly (readonly [number, string, number?])[],
    coords: { x1: number; y1: number; x2: number; y2: number } = { x1: 0, y1: 0, x2: 0, y2: 1 },
    units?: "userSpaceOnUse",
  ): string {
    const id = this.id("lg");
    this.def(el("linearGradient", { id, ...coords, gradientUnits: units }, stopsMarkup(stops)));
    return id;
  }

  /** A radial gradient in object-bounding-box units unless userSpace coordinates are given. */
  radial(
    stops: readonly (readonly [number, string, number?])[],
    geometry: { cx: number; cy: number; r: number; fx?: number; fy?: number } = {
      cx: 0.5,
      cy: 0.5,
      r: 0.5,
    },
    units?: "userSpaceOnUse",
  ): string {
    const id = this.id("rg");
    this.def(el("radialGradient", { id, ...geometry, gradientUnits: units }, stopsMarkup(stops)));
    return id;
  }
}

function stopsMarkup(stops: readonly (readonly [number, string, number?])[]): string {
  return stops
    .map(([offset, color, opacity]) =>
      el("stop", { offset, "stop-color": color, "stop-opacity": opacity }),
    )
    .join("");
}

export const url = (id: string): string => `url(#${id})`;
