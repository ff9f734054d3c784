import { wordmark } from "./motifs";
import { BRAND_RED, darken, lighten } from "./palette";
import { dropShadow, FILTERS } from "./studio";
import { el, g, num, path, text, type Point, type Sketch, url } from "./svg";

/** Protection and bottle: mouth guards with their case, the steel bottle, the knee pads. */

function bezier(p: readonly Point[], t: number): Point {
  const u = 1 - t;
  const [a, b, c, d] = p as [Point, Point, Point, Point];
  return [
    u * u * u * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t * t * t * d[0],
    u * u * u * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t * t * t * d[1],
  ];
}

const GUARD =
  "M-150 -126C-162 -20 -132 100 -62 136C-26 152 26 152 62 136C132 100 162 -20 150 -126" +
  "C146 -150 100 -152 96 -132C100 -40 80 40 40 72C14 86 -14 86 -40 72C-80 40 -100 -40 -96 -132" +
  "C-100 -152 -146 -150 -150 -126Z";
const CHANNEL: Point[][] = [
  [
    [-122, -128],
    [-126, -30],
    [-70, 110],
    [0, 110],
  ],
  [
    [0, 110],
    [70, 110],
    [126, -30],
    [122, -128],
  ],
];

/** A mouth guard seen from above, bite channel and tooth marks showing. */
function mouthGuard(sk: Sketch, colour: string, clear: boolean): string {
  const fill = sk.linear(
    clear
      ? [
          [0, "#f4f8fa", 0.75],
          [1, "#b9cad3", 0.6],
        ]
      : [
          [0, lighten(colour, 0.2)],
          [1, darken(colour, 0.3)],
        ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const channel = "M-122 -128C-126 -30 -70 110 0 110C70 110 126 -30 122 -128";
  const teeth = CHANNEL.flatMap((curve) =>
    [0.12, 0.3, 0.48, 0.64, 0.78, 0.9].map((t) => {
      const [x, y] = bezier(curve, t);
      return el("ellipse", {
        cx: num(x),
        cy: num(y),
        rx: 10,
        ry: 7,
        fill: "#000000",
        opacity: clear ? 0.08 : 0.22,
      });
    }),
  ).join("");
  const edge = clear ? "#9fb2bd" : darken(colour, 0.45);
  return g(
    {},
    dropShadow([GUARD], 0, 10, clear ? 0.18 : 0.3),
    path(GUARD, { fill: url(fill), stroke: edge, "stroke-width": 3 }),
    path(channel, {
      fill: "none",
      stroke: "#000000",
      "stroke-width": 30,
      opacity: clear ? 0.08 : 0.2,
      "stroke-linecap": "round",
    }),
    path(channel, {
      fill: "none",
      stroke: "#ffffff",
      "stroke-width": 4,
      opacity: clear ? 0.8 : 0.3,
      transform: "translate(-4 -5)",
      "stroke-linecap": "round",
    }),
    teeth,
    path("M-140 -100C-146 -10 -118 90 -58 124", {
      fill: "none",
      stroke: "#ffffff",
      "stroke-width": 5,
      opacity: 0.55,
      "stroke-linecap": "round",
    }),
  );
}

function guardCase(): string {
  const box =
    "M-190 -110L190 -110C214 -110 226 -96 226 -72L226 96C226 118 212 130 190 130L-190 130C-212 130 -226 118 -226 96L-226 -72C-226 -96 -214 -110 -190 -110Z";
  const slots = [-120, -60, 0, 60, 120]
    .map((x) => el("rect", { x: x - 10, y: -74, width: 20, height: 56, rx: 10, fill: "#050506" }))
    .join("");
  return g(
    {},
    dropShadow([box], 0, 14),
    path(box, { fill: "#1d1d21" }),
    path("M-226 40L226 40", { stroke: "#000000", "stroke-width": 3 }),
    path("M-210 -96L210 -96", { stroke: "#ffffff", "stroke-width": 3, opacity: 0.12 }),
    slots,
    wordmark(0, 18, 150),
  );
}

export function drawMouthGuard(sk: Sketch, view: "front" | "detail"): string {
  if (view === "detail") {
    return g({ transform: "translate(500 480) scale(2.3)" }, mouthGuard(sk, BRAND_RED, false));
  }
  return (
    g({ transform: "translate(500 330) scale(1.2)" }, guardCase()) +
    g(
      { transform: "translate(320 660) rotate(-12) scale(0.98)" },
      mouthGuard(sk, "#dfe9ee", true),
    ) +
    g({ transform: "translate(680 668) rotate(10) scale(0.98)" }, mouthGuard(sk, BRAND_RED, false))
  );
}

export function drawWaterBottle(sk: Sketch, view: "front" | "detail"): string {
  const steel = sk.linear(
    [
      [0, "#060607"],
      [0.2, "#2b2b30"],
      [0.32, "#3d3d43"],
      [0.45, "#1d1d21"],
      [0.85, "#0e0e10"],
      [1, "#050506"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const lidFill = sk.linear(
    [
      [0, "#101012"],
      [0.3, "#4a4a50"],
      [0.5, "#26262a"],
      [1, "#0a0a0b"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const body =
    "M398 320C398 280 430 262 446 250L554 250C570 262 602 280 602 320L602 850C602 872 588 884 566 884L434 884C412 884 398 872 398 850Z";
  const ridges = [186, 200, 214, 228]
    .map((y) => path(`M432 ${y}H568`, { stroke: "#000000", "stroke-width": 3, opacity: 0.5 }))
    .join("");
  const bottle =
    dropShadow([body], 0, 14, 0.4) +
    path("M466 128C466 96 534 96 534 128", {
      fill: "none",
      stroke: "#1b1b1e",
      "stroke-width": 18,
      "stroke-linecap": "round",
    }) +
    path(body, { fill: url(steel) }) +
    el("rect", { x: 428, y: 160, width: 144, height: 92, rx: 12, fill: url(lidFill) }) +
    ridges +
    el("rect", { x: 450, y: 142, width: 100, height: 24, rx: 8, fill: "#1a1a1d" }) +
    path("M398 846L602 846", { stroke: "#55555b", "stroke-width": 3 }) +
    path("M398 300L602 300", { stroke: "#000000", "stroke-width": 2, opacity: 0.6 }) +
    text(500, 590, "GRIP TRUTH", {
      size: 64,
      fill: BRAND_RED,
      width: 330,
      transform: "rotate(-90 500 590) translate(0 22)",
    }) +
    text(548, 590, "THE GRIP IS THE TRUTH", {
      size: 17,
      fill: "#d6d6d6",
      width: 220,
      spacing: 1,
      transform: "rotate(-90 548 590) translate(0 6)",
    }) +
    text(500, 820, "750 ML", { size: 18, fill: "#8d8f94", width: 60 });
  if (view === "detail")
    return g({ transform: "translate(500 480) scale(1.9) translate(-500 -310)" }, bottle);
  return bottle;
}

/** Honeycomb foam. */
function honeycomb(sk: Sketch, r: number): string {
  const id = sk.id("honey");
  const w = Math.sqrt(3) * r;
  const hex = (cx: number, cy: number) => {
    const pts = [0, 1, 2, 3, 4, 5].map((i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${num(cx + r * 0.86 * Math.cos(a))} ${num(cy + r * 0.86 * Math.sin(a))}`;
    });
    return `M${pts.join("L")}Z`;
  };
  sk.def(
    el(
      "pattern",
      { id, width: num(w), height: 3 * r, patternUnits: "userSpaceOnUse" },
      path(
        hex(w / 2, r) +
          hex(0, 2.5 * r) +
          hex(w, 2.5 * r) +
          hex(0, -0.5 * r) +
          hex(w, -0.5 * r) +
          hex(w / 2, 4 * r),
        { fill: "#26262b", stroke: "#050506", "stroke-width": r * 0.16 },
      ),
    ),
  );
  return id;
}

function kneePad(sk: Sketch, honey: string): string {
  const sleeve =
    "M-112 -270C-40 -284 40 -284 112 -270C104 -120 96 40 96 120C96 170 100 230 92 262C30 274 -30 274 -92 262C-100 230 -96 170 -96 120C-96 40 -104 -120 -112 -270Z";
  const fill = sk.linear(
    [
      [0, "#050506"],
      [0.3, "#303036"],
      [0.5, "#1c1c20"],
      [1, "#060607"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const ribs = (y0: number, y1: number) =>
    path(Array.from({ length: 9 }, (_, i) => `M-100 ${y0 + i * ((y1 - y0) / 8)}H100`).join(""), {
      stroke: "#000000",
      "stroke-width": 2,
      opacity: 0.45,
    });
  const pad =
    "M0 -150C70 -150 88 -90 88 -20C88 60 60 120 0 120C-60 120 -88 60 -88 -20C-88 -90 -70 -150 0 -150Z";
  return g(
    {},
    dropShadow([sleeve], 0, 14),
    path(sleeve, { fill: url(fill) }),
    g({ "clip-path": url(sk.clip(sleeve)) }, ribs(-272, -226), ribs(218, 266)),
    path(pad, { fill: url(honey) }),
    path(pad, { fill: "none", stroke: "#000000", "stroke-width": 10, opacity: 0.5 }),
    path(pad, { fill: "none", stroke: "#4a4a50", "stroke-width": 2.5, "stroke-dasharray": "6 4" }),
    g(
      { filter: url(FILTERS.soft), opacity: 0.3 },
      path("M-50 -120C-70 -60 -70 20 -50 80", {
        stroke: "#ffffff",
        "stroke-width": 20,
        fill: "none",
      }),
    ),
    el("rect", { x: -46, y: 150, width: 92, height: 30, rx: 4, fill: BRAND_RED }),
    wordmark(0, 171, 72, "#ffffff"),
  );
}

export function drawKneePads(sk: Sketch, view: "front" | "detail"): string {
  const honey = honeycomb(sk, view === "detail" ? 30 : 11);
  if (view === "detail") {
    return g({ transform: "translate(500 464) scale(2.4)" }, kneePad(sk, honey));
  }
  return (
    g({ transform: "translate(355 510) rotate(-5) scale(1.12)" }, kneePad(sk, honey)) +
    g({ transform: "translate(645 510) rotate(5) scale(1.12)" }, kneePad(sk, honey))
  );
}
