import { el, g, num, path, text } from "./svg";
import { BRAND_RED } from "./palette";

/**
 * The design motifs, each drawn in its own frame centred on (0, 0) and about 240 units wide, then
 * placed with `place`. Colours come in as arguments so each garment can print them in its palette.
 */

export function place(x: number, y: number, scale: number, markup: string, rotate = 0): string {
  const turn = rotate ? ` rotate(${num(rotate)})` : "";
  return g(
    { transform: `translate(${num(x)} ${num(y)})${turn} scale(${Math.round(scale * 100) / 100})` },
    markup,
  );
}

/** The Grip Truth wordmark; `width` pins the lettering width whatever font is available. */
export function wordmark(
  x: number,
  y: number,
  width: number,
  color = BRAND_RED,
  content = "GRIP TRUTH",
): string {
  return text(x, y, content, { size: width * 0.2, fill: color, width, spacing: 1 });
}

/** The Boro beast: a front-on horned bull's head, with eyes, brow and nostrils cut out. */
export function beastHead(fill: string, cut: string): string {
  const horn = "M-30 -78C-62 -90 -98 -92 -118 -132C-122 -96 -104 -62 -56 -50Z";
  const ear = "M-58 -44C-86 -52 -108 -42 -118 -26C-98 -16 -76 -18 -57 -23Z";
  const head =
    "M-50 -80C-20 -92 20 -92 50 -80C68 -52 70 -22 60 4C52 30 46 56 40 80C36 102 18 110 0 110" +
    "C-18 110 -36 102 -40 80C-46 56 -52 30 -60 4C-70 -22 -68 -52 -50 -80Z";
  const eye = "M-46 -20L-12 -5C-17 4 -31 6 -41 -3Z";
  return g(
    {},
    path(horn, { fill }),
    g({ transform: "scale(-1 1)" }, path(horn, { fill })),
    path(ear, { fill }),
    g({ transform: "scale(-1 1)" }, path(ear, { fill })),
    path(head, { fill }),
    path("M-50 -38L0 -16L50 -38", {
      fill: "none",
      stroke: cut,
      "stroke-width": 8,
      "stroke-linejoin": "round",
    }),
    path(eye, { fill: cut }),
    g({ transform: "scale(-1 1)" }, path(eye, { fill: cut })),
    path("M0 -8L0 30", { stroke: cut, "stroke-width": 4, opacity: 0.7 }),
    path("M-30 50C-14 42 14 42 30 50", { fill: "none", stroke: cut, "stroke-width": 5 }),
    el("ellipse", { cx: -16, cy: 78, rx: 8, ry: 12, fill: cut, transform: "rotate(-18 -16 78)" }),
    el("ellipse", { cx: 16, cy: 78, rx: 8, ry: 12, fill: cut, transform: "rotate(18 16 78)" }),
    path("M-17 100A19 19 0 1 0 17 100", {
      fill: "none",
      stroke: cut,
      "stroke-width": 15,
      "stroke-linecap": "round",
    }),
    path("M-17 100A19 19 0 1 0 17 100", {
      fill: "none",
      stroke: fill,
      "stroke-width": 7,
      "stroke-linecap": "round",
    }),
  );
}

/** The gorilla mark: a gorilla's head, heavy brow and flat nose, inside a round badge. */
export function gorillaMark(fill: string, cut: string, ring = true): string {
  const head =
    "M0 -94C36 -94 62 -74 70 -42C92 -32 94 0 78 16C80 48 58 82 0 88" +
    "C-58 82 -80 48 -78 16C-94 0 -92 -32 -70 -42C-62 -74 -36 -94 0 -94Z";
  const face =
    "M0 -40C18 -52 50 -50 56 -28C62 -8 52 8 40 14C48 30 42 64 0 70C-42 64 -48 30 -40 14" +
    "C-52 8 -62 -8 -56 -28C-50 -50 -18 -52 0 -40Z";
  const brow =
    "M-60 -30C-42 -48 -12 -44 0 -32C12 -44 42 -48 60 -30C52 -20 30 -22 0 -16C-30 -22 -52 -20 -60 -30Z";
  return g(
    {},
    ring
      ? el("circle", { r: 122, fill: "none", stroke: fill, "stroke-width": 7 }) +
          el("circle", { r: 108, fill: "none", stroke: fill, "stroke-width": 2.5 })
      : "",
    path(head, { fill }),
    path(face, { fill: cut }),
    path(brow, { fill }),
    el("circle", { cx: -24, cy: -6, r: 6, fill }),
    el("circle", { cx: 24, cy: -6, r: 6, fill }),
    path("M-9 6C-12 16 -22 20 -22 28C-22 36 -10 36 0 32C10 36 22 36 22 28C22 20 12 16 9 6", {
      fill: "none",
      stroke: fill,
      "stroke-width": 4,
      "stroke-linejoin": "round",
    }),
    el("ellipse", { cx: -11, cy: 26, rx: 6, ry: 4, fill }),
    el("ellipse", { cx: 11, cy: 26, rx: 6, ry: 4, fill }),
    path("M-24 50C-8 56 8 56 24 50", {
      fill: "none",
      stroke: fill,
      "stroke-width": 5,
      "stroke-linecap": "round",
    }),
  );
}

/** Two wrestlers locked in a collar tie: thick-stroke pictogram figures. */
export function wrestlers(fill: string): string {
  const figure = g(
    {
      fill: "none",
      stroke: fill,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    },
    path("M-40 -34L-80 24", { "stroke-width": 30 }),
    path("M-80 24L-108 60L-106 104", { "stroke-width": 20 }),
    path("M-80 24L-50 64L-36 104", { "stroke-width": 20 }),
    path("M-40 -34L-4 -28L26 -50", { "stroke-width": 16 }),
    path("M-48 -18L-14 0L14 -8", { "stroke-width": 16 }),
    el("circle", { cx: -18, cy: -64, r: 19, fill }),
  );
  return g(
    {},
    figure,
    g({ transform: "scale(-1 1) translate(0 6)" }, figure),
    path("M-132 112L132 112", {
      stroke: fill,
      "stroke-width": 6,
      "stroke-linecap": "round",
      opacity: 0.8,
    }),
  );
}

/** The Redcar beacon: a tall slender tower with a lit lantern and beams either side. */
export function beacon(fill: string, light: string, cut: string): string {
  return g(
    {},
    el("circle", { cy: -96, r: 70, fill: light, opacity: 0.16 }),
    el("circle", { cy: -96, r: 42, fill: light, opacity: 0.22 }),
    path(
      "M-30 -100L-150 -128L-150 -116ZM-30 -92L-150 -64L-150 -76ZM30 -100L150 -128L150 -116ZM30 -92L150 -64L150 -76ZM-34 -96L-170 -96M34 -96L170 -96",
      {
        fill: light,
        stroke: light,
        "stroke-width": 6,
        "stroke-linecap": "round",
        opacity: 0.75,
      },
    ),
    path("M-20 120L20 120L11 -70L-11 -70Z", { fill }),
    path("M-13 100L12 70M-12 60L11 30M-11 20L10 -10M-10 -20L9 -50", {
      stroke: cut,
      "stroke-width": 3.5,
      opacity: 0.55,
    }),
    el("rect", { x: -26, y: -84, width: 52, height: 14, rx: 2, fill }),
    el("rect", { x: -15, y: -108, width: 30, height: 24, fill: light }),
    path("M-15 -108L-15 -84M-5 -108L-5 -84M5 -108L5 -84M15 -108L15 -84", {
      stroke: fill,
      "stroke-width": 3,
    }),
    path("M-22 -108L0 -128L22 -108Z", { fill }),
    path("M0 -128L0 -142", { stroke: fill, "stroke-width": 4, "stroke-linecap": "round" }),
  );
}

/**
 * A band of breaking sea between x0 and x1, with crests near `y` and the water filling down to
 * `bottom`; three layers from dark to light with foam on the crests.
 */
export function seaWave(
  x0: number,
  x1: number,
  y: number,
  bottom: number,
  colours: { deep: string; mid: string; light: string; foam: string },
): string {
  const crest = (offset: number, yy: number, period: number, height: number): string => {
    let d = `M${num(x0 - period)} ${num(bottom)}L${num(x0 - period)} ${num(yy)}`;
    for (let x = x0 - period + offset; x < x1 + period; x += period) {
      d +=
        `C${num(x + period * 0.35)} ${num(yy)} ${num(x + period * 0.5)} ${num(yy - height)} ` +
        `${num(x + period * 0.78)} ${num(yy - height)}` +
        `C${num(x + period * 0.98)} ${num(yy - height)} ${num(x + period * 1.02)} ${num(yy - height * 0.45)} ` +
        `${num(x + period * 0.86)} ${num(yy - height * 0.4)}` +
        `C${num(x + period * 0.9)} ${num(yy - height * 0.1)} ${num(x + period * 0.95)} ${num(yy)} ` +
        `${num(x + period)} ${num(yy)}`;
    }
    return `${d}L${num(x1 + period * 2)} ${num(bottom)}Z`;
  };
  const foam = (offset: number, yy: number, period: number, height: number): string => {
    let d = "";
    for (let x = x0 - period + offset; x < x1 + period; x += period) {
      d +=
        `M${num(x + period * 0.5)} ${num(yy - height * 0.8)}` +
        `C${num(x + period * 0.6)} ${num(yy - height * 1.02)} ${num(x + period * 0.9)} ${num(yy - height * 1.05)} ` +
        `${num(x + period * 0.92)} ${num(yy - height * 0.6)}`;
    }
    return d;
  };
  return g(
    {},
    path(crest(0, y, 170, 70), { fill: colours.deep }),
    path(foam(0, y, 170, 70), {
      fill: "none",
      stroke: colours.foam,
      "stroke-width": 6,
      "stroke-linecap": "round",
    }),
    path(crest(85, y + 55, 150, 55), { fill: colours.mid }),
    path(foam(85, y + 55, 150, 55), {
      fill: "none",
      stroke: colours.foam,
      "stroke-width": 5,
      "stroke-linecap": "round",
    }),
    path(crest(40, y + 105, 130, 40), { fill: colours.light }),
    path(foam(40, y + 105, 130, 40), {
      fill: "none",
      stroke: colours.foam,
      "stroke-width": 4,
      "stroke-linecap": "round",
      opacity: 0.9,
    }),
  );
}

/** Stripes in belt colours, stacked along the local x axis, centred on 0; each `w` wide. */
export function beltStripes(
  colours: readonly string[],
  w: number,
  length: number,
  gap = 3,
): string {
  const total = colours.length * w + (colours.length - 1) * gap;
  return g(
    {},
    el("rect", {
      x: -total / 2 - gap,
      y: -length / 2,
      width: total + gap * 2,
      height: length,
      fill: "#2c2c30",
    }),
    ...colours.map((c, i) =>
      el("rect", {
        x: -total / 2 + i * (w + gap),
        y: -length / 2,
        width: w,
        height: length,
        fill: c,
      }),
    ),
  );
}
