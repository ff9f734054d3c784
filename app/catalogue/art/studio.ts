import { el, escapeXml, g, path, type Sketch, url } from "./svg";
import { darken, lighten, luminance } from "./palette";

/**
 * The studio: a warm off-white sweep with a soft pool of light and a floor shadow, plus the
 * shared blur filters. Every product picture is drawn inside it, so all cards share one look.
 */

export const FILTERS = {
  /** Drop shadow under a flat-lay. */
  shadow: "fshadow",
  /** Soft fold shading. */
  soft: "fsoft",
  /** Very soft glow or falloff. */
  blur: "fblur",
} as const;

function studioDefs(): string {
  const blur = (id: string, sd: number) =>
    el(
      "filter",
      {
        id,
        filterUnits: "userSpaceOnUse",
        x: -1000,
        y: -1000,
        width: 3000,
        height: 3000,
        "color-interpolation-filters": "sRGB",
      },
      el("feGaussianBlur", { stdDeviation: sd }),
    );
  return (
    el(
      "linearGradient",
      { id: "studio", x1: 0, y1: 0, x2: 0, y2: 1 },
      el("stop", { offset: 0, "stop-color": "#f3f0ea" }) +
        el("stop", { offset: 0.62, "stop-color": "#ece8e1" }) +
        el("stop", { offset: 1, "stop-color": "#e2ddd4" }),
    ) +
    el(
      "radialGradient",
      { id: "studiolight", cx: 0.5, cy: 0.42, r: 0.62 },
      el("stop", { offset: 0, "stop-color": "#fbfaf7", "stop-opacity": 0.9 }) +
        el("stop", { offset: 1, "stop-color": "#fbfaf7", "stop-opacity": 0 }),
    ) +
    el(
      "radialGradient",
      { id: "floorshadow", cx: 0.5, cy: 0.5, r: 0.5 },
      el("stop", { offset: 0, "stop-color": "#5a5046", "stop-opacity": 0.32 }) +
        el("stop", { offset: 0.6, "stop-color": "#5a5046", "stop-opacity": 0.12 }) +
        el("stop", { offset: 1, "stop-color": "#5a5046", "stop-opacity": 0 }),
    ) +
    blur(FILTERS.shadow, 14) +
    blur(FILTERS.soft, 16) +
    blur(FILTERS.blur, 22)
  );
}

export interface Floor {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

export interface StudioOptions {
  title: string;
  /** Degrees the picture will be turned when shown; the drawing is pre-turned the other way. */
  rotation?: number;
  /** Where the soft shadow pool sits on the floor. */
  floor?: Floor;
}

export function studioDocument(sk: Sketch, content: string, o: StudioOptions): string {
  const floor = o.floor ?? { cx: 500, cy: 880, rx: 340, ry: 44 };
  const scene =
    el("rect", { width: 1000, height: 1000, fill: "url(#studio)" }) +
    el("rect", { width: 1000, height: 1000, fill: "url(#studiolight)" }) +
    el("ellipse", { ...floor, fill: "url(#floorshadow)" }) +
    content;
  const turn = o.rotation ? -o.rotation : 0;
  const body = turn ? g({ transform: `rotate(${turn} 500 500)` }, scene) : scene;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 1000 1000" role="img">` +
    `<title>${escapeXml(o.title)}</title>` +
    `<defs>${studioDefs()}${sk.defsMarkup()}</defs>` +
    body +
    `</svg>`
  );
}

/** A soft shadow cast by the given outlines onto the studio floor. */
export function dropShadow(shapes: readonly string[], dx = 0, dy = 16, opacity = 0.34): string {
  return g(
    { filter: url(FILTERS.shadow), opacity, transform: `translate(${dx} ${dy})` },
    ...shapes.map((d) => path(d, { fill: "#3d342b" })),
  );
}

/** Fills a shape with a cloth colour: a gentle light-to-shade gradient across it. */
export function cloth(
  sk: Sketch,
  d: string,
  color: string,
  angle: "down" | "diag" = "diag",
): string {
  const dark = luminance(color) < 0.2;
  const id = sk.linear(
    [
      [0, lighten(color, dark ? 0.1 : 0.08)],
      [0.55, color],
      [1, darken(color, dark ? 0.25 : 0.14)],
    ],
    angle === "diag" ? { x1: 0.1, y1: 0, x2: 0.9, y2: 1 } : { x1: 0, y1: 0, x2: 0, y2: 1 },
  );
  return path(d, { fill: url(id) });
}

/** A fine stroke around a piece of cloth, a shade darker than the cloth. */
export function outline(d: string, color: string, width = 2.5): string {
  const dark = luminance(color) < 0.2;
  return path(d, {
    fill: "none",
    stroke: dark ? "#000000" : darken(color, 0.32),
    "stroke-width": width,
    "stroke-linejoin": "round",
    opacity: dark ? 0.55 : 0.7,
  });
}

/** Running stitches along a seam. */
export function stitch(d: string, color: string, width = 2, dash = "7 5", opacity = 0.8): string {
  return path(d, {
    fill: "none",
    stroke: color,
    "stroke-width": width,
    "stroke-dasharray": dash,
    "stroke-linecap": "round",
    opacity,
  });
}

/** A sewn seam: a shadowed groove with stitching either side. */
export function seam(d: string, cloth: string, stitchColor?: string): string {
  const dark = luminance(cloth) < 0.2;
  const thread = stitchColor ?? (dark ? lighten(cloth, 0.3) : darken(cloth, 0.28));
  return (
    path(d, {
      fill: "none",
      stroke: dark ? "#000000" : darken(cloth, 0.3),
      "stroke-width": 3,
      opacity: 0.45,
    }) +
    g({ transform: "translate(-3.5 0)" }, stitch(d, thread, 1.6, "5 4", 0.65)) +
    g({ transform: "translate(3.5 0)" }, stitch(d, thread, 1.6, "5 4", 0.65))
  );
}

/**
 * Shading over a garment, clipped to it: dark falloff at the edges, a highlight on top, and
 * soft fold lines (darker creases and lighter ridges).
 */
export function fabricShading(
  sk: Sketch,
  clipId: string,
  color: string,
  folds: { dark?: readonly string[]; light?: readonly string[] } = {},
  box: { x: number; y: number; w: number; h: number } = { x: 120, y: 120, w: 760, h: 760 },
): string {
  const dark = luminance(color) < 0.2;
  const edge = sk.linear(
    [
      [0, "#000000", dark ? 0.35 : 0.16],
      [0.22, "#000000", 0],
      [0.78, "#000000", 0],
      [1, "#000000", dark ? 0.4 : 0.2],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const top = sk.linear([
    [0, "#ffffff", dark ? 0.1 : 0.18],
    [0.45, "#ffffff", 0],
    [1, "#000000", dark ? 0.2 : 0.08],
  ]);
  const foldStroke = (list: readonly string[] | undefined, colour: string, op: number) =>
    list && list.length
      ? g(
          {
            filter: url(FILTERS.soft),
            stroke: colour,
            "stroke-width": 34,
            "stroke-linecap": "round",
            fill: "none",
            opacity: op,
          },
          ...list.map((d) => path(d)),
        )
      : "";
  return g(
    { "clip-path": url(clipId) },
    el("rect", { x: box.x, y: box.y, width: box.w, height: box.h, fill: url(edge) }),
    el("rect", { x: box.x, y: box.y, width: box.w, height: box.h, fill: url(top) }),
    foldStroke(folds.dark, "#000000", dark ? 0.45 : 0.1),
    foldStroke(folds.light, "#ffffff", dark ? 0.1 : 0.18),
  );
}
