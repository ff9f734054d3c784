import type { Group } from "../types";
import { BRAND_RED, darken, lighten } from "./palette";
import { dropShadow, FILTERS } from "./studio";
import { el, g, path, text, type Sketch, url } from "./svg";

/**
 * Black sliders with a red moulded strap: a pair seen from the front and slightly above, a pair
 * from directly above (drawn upright; the studio turns it to suit the catalogue rotation), and a
 * close-up of the strap's moulded logo.
 */

const SOLE = "#1b1b1e";
const STRAP = BRAND_RED;

/** A left foot's footbed, toe up, centred on (0, 0), about 230 x 620. */
const FOOT =
  "M10 -300C80 -300 112 -250 114 -190C116 -120 92 -40 82 40C74 120 92 200 82 250" +
  "C72 300 32 318 -4 318C-50 318 -86 290 -90 240C-94 180 -102 60 -110 -60" +
  "C-116 -160 -112 -240 -82 -280C-62 -300 -30 -304 10 -300Z";

/** The footbed foreshortened: heel away from us (top), toe towards us (bottom). */
const FRONT_BED =
  "M0 -250C66 -250 98 -216 102 -160C108 -60 118 70 124 150C128 216 84 250 0 252" +
  "C-84 250 -128 216 -124 150C-118 70 -108 -60 -102 -160C-98 -216 -66 -250 0 -250Z";

/** Grip nubs for the footbed. */
function nubs(sk: Sketch, size = 16): string {
  const id = sk.id("nubs");
  sk.def(
    el(
      "pattern",
      { id, width: size, height: size, patternUnits: "userSpaceOnUse" },
      el("circle", {
        cx: size / 2 + 0.8,
        cy: size / 2 + 1,
        r: size * 0.17,
        fill: "#000000",
        opacity: 0.6,
      }) + el("circle", { cx: size / 2, cy: size / 2, r: size * 0.16, fill: "#3a3a40" }),
    ),
  );
  return id;
}

/** Embossed lettering: a dark recess under a lit edge. */
function moulded(
  x: number,
  y: number,
  content: string,
  size: number,
  width: number,
  base: string,
): string {
  return (
    text(x, y + 2, content, { size, fill: darken(base, 0.45), width, opacity: 0.8 }) +
    text(x, y - 1.5, content, { size, fill: lighten(base, 0.35), width, opacity: 0.7 }) +
    text(x, y, content, { size, fill: darken(base, 0.08), width })
  );
}

function sliderFromFront(sk: Sketch, mirror: boolean): string {
  const flip = mirror ? "scale(-1 1)" : "";
  const bed = sk.linear([
    [0, "#2c2c31"],
    [1, "#121214"],
  ]);
  const strapFill = sk.linear([
    [0, lighten(STRAP, 0.14)],
    [0.6, STRAP],
    [1, darken(STRAP, 0.3)],
  ]);
  const top = FRONT_BED;
  const strap =
    "M-138 150C-140 20 -96 -52 0 -56C96 -52 140 20 138 150C120 130 70 104 0 104C-70 104 -120 130 -138 150Z";
  return g(
    { transform: flip },
    path(top, { fill: darken(SOLE, 0.3), transform: "translate(0 42)" }),
    path(top, { fill: "#26262a", transform: "translate(0 26)" }),
    path("M-124 190C-120 236 -80 268 0 272C80 268 120 236 124 190", {
      fill: "none",
      stroke: "#000000",
      "stroke-width": 2,
      opacity: 0.6,
      transform: "translate(0 14)",
    }),
    path(top, { fill: url(bed) }),
    path(top, { fill: url(nubs(sk, 14)), opacity: 0.8, transform: "scale(0.9)" }),
    path("M-60 -170C-40 -210 40 -210 60 -170C70 -130 50 -100 0 -100C-50 -100 -70 -130 -60 -170Z", {
      fill: "#000000",
      opacity: 0.12,
      filter: url(FILTERS.soft),
    }),
    path(top, { fill: "none", stroke: "#4a4a50", "stroke-width": 3 }),
    // Shade under the front edge of the strap, where the foot goes in.
    g(
      { filter: url(FILTERS.soft), opacity: 0.8 },
      path("M-120 150C-100 120 -60 112 0 112C60 112 100 120 120 150L120 190L-120 190Z", {
        fill: "#000000",
      }),
    ),
    path(strap, { fill: url(strapFill) }),
    path("M-138 150C-120 130 -70 104 0 104C70 104 120 130 138 150", {
      fill: "none",
      stroke: darken(STRAP, 0.45),
      "stroke-width": 5,
    }),
    path("M-120 40C-90 -20 -50 -40 0 -42C50 -40 90 -20 120 40", {
      fill: "none",
      stroke: "#ffffff",
      "stroke-width": 10,
      opacity: 0.18,
      filter: url(FILTERS.soft),
    }),
    g({ transform: mirror ? "scale(-1 1)" : "" }, moulded(0, 52, "GRIP TRUTH", 40, 190, STRAP)),
  );
}

function sliderFromAbove(sk: Sketch, mirror: boolean): string {
  const bed = sk.linear(
    [
      [0, "#2e2e33"],
      [1, "#141416"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const strapFill = sk.linear([
    [0, lighten(STRAP, 0.16)],
    [0.5, STRAP],
    [1, darken(STRAP, 0.28)],
  ]);
  const strap = "M-136 -160C-60 -176 60 -176 136 -160L140 -20C60 -8 -60 -8 -140 -20Z";
  return g(
    {},
    g(
      { transform: mirror ? "scale(-1 1)" : "" },
      dropShadow([FOOT], 0, 16, 0.4),
      path(FOOT, { fill: "#0c0c0d", transform: "scale(1.04)" }),
      path(FOOT, { fill: url(bed) }),
      path(FOOT, { fill: url(nubs(sk, 15)), opacity: 0.75, transform: "scale(0.9)" }),
      path("M-70 -240C-40 -270 40 -270 70 -240", {
        fill: "none",
        stroke: "#000000",
        "stroke-width": 10,
        opacity: 0.4,
      }),
      el("ellipse", { cx: -6, cy: 230, rx: 62, ry: 64, fill: "#000000", opacity: 0.22 }),
      path(FOOT, { fill: "none", stroke: "#45454b", "stroke-width": 3, transform: "scale(0.97)" }),
    ),
    dropShadow([strap], 0, 10, 0.6),
    path(strap, { fill: url(strapFill) }),
    path("M-136 -160C-60 -176 60 -176 136 -160", {
      fill: "none",
      stroke: lighten(STRAP, 0.3),
      "stroke-width": 3,
    }),
    path("M-140 -20C-60 -8 60 -8 140 -20", {
      fill: "none",
      stroke: darken(STRAP, 0.45),
      "stroke-width": 4,
    }),
    moulded(0, -72, "GRIP TRUTH", 46, 210, STRAP),
  );
}

export function drawSliders(
  sk: Sketch,
  group: Group | null,
  view: "front" | "top" | "detail",
): string {
  const s = group === "kids" ? 0.84 : group === "womens" ? 0.92 : 1;
  if (view === "detail") return sliderDetail(sk);
  if (view === "top") {
    const feet = [-1, 1].map((side) =>
      g(
        {
          transform: `translate(${500 + side * 150 * s} 480) rotate(${side * 4}) scale(${s * 1.02})`,
        },
        sliderFromAbove(sk, side > 0),
      ),
    );
    return feet.join("");
  }
  const pair = [-1, 1].map((side) =>
    g(
      { transform: `translate(${500 + side * 172 * s} 470) rotate(${side * 6}) scale(${s * 1.1})` },
      dropShadow([FRONT_BED], 0, 50, 0.4),
      sliderFromFront(sk, side > 0),
    ),
  );
  return pair.join("");
}

function sliderDetail(sk: Sketch): string {
  const strapFill = sk.linear([
    [0, lighten(STRAP, 0.22)],
    [0.35, STRAP],
    [1, darken(STRAP, 0.32)],
  ]);
  const bed = sk.linear(
    [
      [0, "#0c0c0e"],
      [0.2, "#2a2a2f"],
      [0.8, "#1a1a1e"],
      [1, "#08080a"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  // Seen from above and close: the footbed runs off the frame top and bottom, the strap across it.
  const sole = "M176 -20C160 300 160 700 176 1020L824 1020C840 700 840 300 824 -20Z";
  const strap =
    "M112 352C300 318 700 318 888 352C900 450 900 560 888 660C700 690 300 690 112 660C100 560 100 450 112 352Z";
  return (
    dropShadow([sole], 0, 0, 0.5) +
    path(sole, {
      fill: "#060607",
      transform: "translate(500 500) scale(1.05 1) translate(-500 -500)",
    }) +
    path(sole, { fill: url(bed) }) +
    path(sole, { fill: url(nubs(sk, 30)), opacity: 0.85 }) +
    path(sole, { fill: "none", stroke: "#4a4a50", "stroke-width": 4 }) +
    dropShadow([strap], 0, 26, 0.7) +
    path(strap, { fill: url(strapFill) }) +
    path("M112 352C300 318 700 318 888 352", {
      fill: "none",
      stroke: lighten(STRAP, 0.4),
      "stroke-width": 4,
    }) +
    path("M112 660C300 690 700 690 888 660", {
      fill: "none",
      stroke: darken(STRAP, 0.5),
      "stroke-width": 6,
    }) +
    g(
      { filter: url(FILTERS.soft), opacity: 0.22 },
      path("M200 390C400 366 600 366 800 390", {
        fill: "none",
        stroke: "#ffffff",
        "stroke-width": 26,
      }),
    ) +
    // The moulded logo stands proud of the strap: lit on top, shadowed below.
    text(500, 556, "GRIP TRUTH", {
      size: 150,
      fill: darken(STRAP, 0.5),
      width: 600,
      opacity: 0.75,
      transform: "translate(3 6)",
    }) +
    text(500, 556, "GRIP TRUTH", {
      size: 150,
      fill: lighten(STRAP, 0.4),
      width: 600,
      transform: "translate(-1 -3)",
    }) +
    text(500, 556, "GRIP TRUTH", { size: 150, fill: lighten(STRAP, 0.06), width: 600 }) +
    el("rect", { x: 400, y: 590, width: 200, height: 8, rx: 4, fill: darken(STRAP, 0.25) })
  );
}
