import { GI_WHITE } from "./gi";
import { BRAND_RED } from "./palette";
import { FILTERS } from "./studio";
import { el, g, path, text, type Sketch, url } from "./svg";

/**
 * A close-up of the gi lapel: the padded collar runs diagonally across the frame with rows of red
 * contrast stitching, a name embroidered in black satin stitch and the woven brand tab.
 */

function redStitch(y: number, from = -900, to = 900): string {
  const d = `M${from} ${y}L${to} ${y}`;
  return (
    path(d, {
      stroke: "#7d0a1c",
      "stroke-width": 4.5,
      "stroke-dasharray": "16 9",
      opacity: 0.35,
      transform: "translate(1 2)",
    }) +
    path(d, {
      stroke: BRAND_RED,
      "stroke-width": 4,
      "stroke-dasharray": "16 9",
      "stroke-linecap": "round",
    })
  );
}

export function drawGiDetail(sk: Sketch, name = "YOUR NAME"): string {
  const weave = sk.id("grain");
  sk.def(
    el(
      "pattern",
      {
        id: weave,
        width: 22,
        height: 22,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(-12)",
      },
      [
        [5.5, 5.5],
        [16.5, 16.5],
      ]
        .map(
          ([x, y]) =>
            el("ellipse", {
              cx: x! + 0.8,
              cy: y! + 1.2,
              rx: 5.2,
              ry: 3.6,
              fill: "#000000",
              opacity: 0.1,
            }) +
            el("ellipse", { cx: x, cy: y, rx: 4.6, ry: 3, fill: "#ffffff", opacity: 0.7 }) +
            el("ellipse", { cx: x! - 1.2, cy: y! - 0.8, rx: 1.8, ry: 1, fill: "#ffffff" }),
        )
        .join(""),
    ),
  );
  const body = sk.linear(
    [
      [0, "#fbfaf7"],
      [0.6, GI_WHITE],
      [1, "#dedbd3"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const collar = sk.linear([
    [0, "#e6e3dc"],
    [0.18, "#fbfaf8"],
    [0.5, "#ffffff"],
    [0.82, "#f3f1ec"],
    [1, "#d8d4cb"],
  ]);
  const satin = sk.id("satin");
  sk.def(
    el(
      "pattern",
      {
        id: satin,
        width: 6,
        height: 6,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(35)",
      },
      el("rect", { width: 6, height: 6, fill: "#141414" }) +
        path("M0 1.5H6", { stroke: "#4a4a4a", "stroke-width": 1.4 }),
    ),
  );
  const vignette = sk.radial(
    [
      [0, "#000000", 0],
      [0.7, "#000000", 0],
      [1, "#000000", 0.16],
    ],
    { cx: 0.5, cy: 0.5, r: 0.75 },
  );
  const band = { top: -120, bottom: 120 };
  const lapel = g(
    { transform: "translate(470 520) rotate(-60)" },
    // The shadow the collar casts on the panel beneath it.
    g(
      { filter: url(FILTERS.blur), opacity: 0.5 },
      el("rect", { x: -900, y: band.top - 14, width: 1800, height: 40, fill: "#5a5249" }),
    ),
    el("rect", {
      x: -900,
      y: band.top,
      width: 1800,
      height: band.bottom - band.top,
      fill: url(collar),
    }),
    el("rect", {
      x: -900,
      y: band.top,
      width: 1800,
      height: band.bottom - band.top,
      fill: url(weave),
      opacity: 0.7,
    }),
    // The seam where the collar joins the jacket.
    path(`M-900 ${band.bottom}L900 ${band.bottom}`, { stroke: "#bdb8ae", "stroke-width": 5 }),
    path(`M-900 ${band.top + 2}L900 ${band.top + 2}`, {
      stroke: "#ffffff",
      "stroke-width": 4,
      opacity: 0.8,
    }),
    redStitch(band.top + 22),
    redStitch(band.top + 44),
    redStitch(band.bottom - 44),
    redStitch(band.bottom - 22),
    redStitch(band.bottom + 22),
    // The embroidered name, satin stitched with a raised shadow.
    text(-120, 26, name, {
      size: 86,
      fill: "#000000",
      width: 430,
      opacity: 0.25,
      transform: "translate(2 4)",
    }),
    text(-120, 26, name, {
      size: 86,
      fill: url(satin),
      width: 430,
      stroke: "#2b2b2b",
      strokeWidth: 1,
    }),
    // The woven brand tab at the foot of the lapel.
    g(
      { transform: "translate(-470 0)" },
      el("rect", { x: -70, y: -30, width: 140, height: 60, rx: 4, fill: BRAND_RED }),
      el("rect", {
        x: -64,
        y: -24,
        width: 128,
        height: 48,
        rx: 3,
        fill: "none",
        stroke: "#ffffff",
        "stroke-width": 1.5,
        "stroke-dasharray": "4 3",
        opacity: 0.8,
      }),
      text(0, 9, "GRIP TRUTH", { size: 24, fill: "#ffffff", width: 100 }),
    ),
  );
  return (
    el("rect", { width: 1000, height: 1000, fill: url(body) }) +
    el("rect", { width: 1000, height: 1000, fill: url(weave) }) +
    // The panel under the collar sits in its shade.
    path("M0 0L600 0L0 1000Z", { fill: "#000000", opacity: 0.05 }) +
    g(
      { filter: url(FILTERS.blur), opacity: 0.1 },
      path("M760 520C820 680 800 820 860 1000", {
        stroke: "#000000",
        "stroke-width": 60,
        fill: "none",
      }),
    ) +
    lapel +
    el("rect", { width: 1000, height: 1000, fill: url(vignette) })
  );
}
