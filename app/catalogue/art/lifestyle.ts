import { wordmark } from "./motifs";
import { BRAND_RED, darken } from "./palette";
import { dropShadow, FILTERS, stitch } from "./studio";
import { el, g, path, text, type Sketch, url } from "./svg";

/** The training journal and the gear wash kit. */

const PAPER = "#f6f1e6";

export function drawJournal(sk: Sketch, view: "front" | "detail"): string {
  if (view === "detail") return journalSpread(sk);
  const cover = sk.linear(
    [
      [0, "#2c2c31"],
      [0.5, "#18181b"],
      [1, "#0c0c0e"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const book =
    "M290 170L700 170C716 170 726 180 726 196L726 804C726 820 716 830 700 830L290 830C280 830 274 824 274 814L274 186C274 176 280 170 290 170Z";
  return g(
    { transform: "rotate(-4 500 500)" },
    dropShadow([book], 0, 18, 0.4),
    // Page block showing at the fore-edge and foot.
    path("M712 186L738 196L738 818L712 832Z", { fill: PAPER }),
    path(
      "M716 200L734 206M716 260L734 266M716 320L734 326M716 400L734 406M716 500L734 506M716 600L734 606M716 700L734 706",
      {
        stroke: "#d8d0bf",
        "stroke-width": 1.5,
      },
    ),
    path(book, { fill: url(cover) }),
    path(book, { fill: "none", stroke: "#000000", "stroke-width": 3 }),
    path("M306 170L306 830", { stroke: "#000000", "stroke-width": 4, opacity: 0.6 }),
    path("M312 170L312 830", { stroke: "#ffffff", "stroke-width": 1.5, opacity: 0.1 }),
    // Debossed wordmark and rule.
    wordmark(512, 452, 260, "#000000"),
    g({ transform: "translate(0 -2)", opacity: 0.18 }, wordmark(512, 452, 260, "#ffffff")),
    wordmark(512, 451, 260, "#1f1f23"),
    text(512, 500, "TRAINING JOURNAL", { size: 22, fill: "#6c6c72", width: 210, spacing: 3 }),
    el("rect", { x: 448, y: 520, width: 128, height: 3, fill: BRAND_RED }),
    // Red elastic strap and ribbon marker.
    el("rect", { x: 652, y: 164, width: 26, height: 672, fill: BRAND_RED }),
    el("rect", { x: 652, y: 164, width: 8, height: 672, fill: "#ffffff", opacity: 0.15 }),
    el("rect", { x: 674, y: 164, width: 4, height: 672, fill: "#000000", opacity: 0.25 }),
    path("M480 828L478 900L490 888L502 902L498 828Z", { fill: darken(BRAND_RED, 0.15) }),
  );
}

function journalSpread(sk: Sketch): string {
  const gutter = sk.linear(
    [
      [0, "#000000", 0],
      [0.42, "#000000", 0],
      [0.5, "#000000", 0.18],
      [0.58, "#000000", 0],
      [1, "#000000", 0],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0 },
  );
  const spread =
    "M110 230C260 210 420 214 500 246C580 214 740 210 890 230L890 800C740 782 580 786 500 816C420 786 260 782 110 800Z";
  const rule = (x0: number, x1: number, y: number) =>
    path(`M${x0} ${y}H${x1}`, { stroke: "#cfc6b4", "stroke-width": 1.5 });
  const heading = (x: number, y: number, label: string, w: number) =>
    text(x, y, label, { size: 24, fill: "#1a1a1d", width: w, anchor: "start", spacing: 1 }) +
    el("rect", { x, y: y + 8, width: 36, height: 3, fill: BRAND_RED });
  const lines = (x0: number, x1: number, y0: number, n: number) =>
    Array.from({ length: n }, (_, i) => rule(x0, x1, y0 + i * 30)).join("");
  const rounds = Array.from(
    { length: 6 },
    (_, i) =>
      el("rect", {
        x: 560 + i * 50,
        y: 330,
        width: 40,
        height: 40,
        rx: 4,
        fill: "none",
        stroke: "#b9af9c",
        "stroke-width": 1.5,
      }) + text(580 + i * 50, 392, `R${i + 1}`, { size: 14, fill: "#8a8170" }),
  ).join("");
  return (
    dropShadow([spread], 0, 18, 0.4) +
    path(
      "M100 246C260 226 420 230 500 262C580 230 740 226 900 246L900 816C740 798 580 802 500 832C420 802 260 798 100 816Z",
      { fill: "#0f0f11" },
    ) +
    path(spread, { fill: PAPER }) +
    path(spread, { fill: url(gutter) }) +
    text(150, 290, "DATE  ____ / ____ / ______", {
      size: 16,
      fill: "#8a8170",
      width: 200,
      anchor: "start",
    }) +
    heading(150, 340, "TECHNIQUE", 140) +
    lines(150, 460, 390, 5) +
    heading(150, 570, "NOTES FROM CLASS", 220) +
    lines(150, 460, 620, 5) +
    heading(560, 300, "ROUNDS", 100) +
    rounds +
    heading(560, 450, "COMPETITION GOALS", 230) +
    Array.from(
      { length: 4 },
      (_, i) =>
        el("rect", {
          x: 560,
          y: 490 + i * 40,
          width: 18,
          height: 18,
          rx: 3,
          fill: "none",
          stroke: "#b9af9c",
          "stroke-width": 1.5,
        }) + rule(590, 850, 506 + i * 40),
    ).join("") +
    el("rect", { x: 568, y: 494, width: 3, height: 3, fill: "none" }) +
    path("M563 498L569 505L580 490", {
      fill: "none",
      stroke: BRAND_RED,
      "stroke-width": 3,
      "stroke-linecap": "round",
    }) +
    text(850, 760, "GRIP TRUTH", { size: 14, fill: "#b9af9c", width: 80, anchor: "end" }) +
    path("M494 240L500 830", { stroke: "#000000", "stroke-width": 2, opacity: 0.15 }) +
    path("M500 250C520 420 470 600 520 840L540 828L548 846C500 640 550 420 512 250Z", {
      fill: BRAND_RED,
      opacity: 0.95,
    })
  );
}

function label(x: number, y: number, w: number, h: number, title: string, sub: string): string {
  return (
    el("rect", { x, y, width: w, height: h, rx: 6, fill: "#f7f6f2" }) +
    el("rect", { x, y: y + h * 0.14, width: w, height: h * 0.16, fill: BRAND_RED }) +
    wordmark(x + w / 2, y + h * 0.27, w * 0.62, "#ffffff") +
    text(x + w / 2, y + h * 0.5, title, { size: h * 0.1, fill: "#141416", width: w * 0.8 }) +
    text(x + w / 2, y + h * 0.62, sub, { size: h * 0.045, fill: "#5c5c62", width: w * 0.78 }) +
    path(`M${x + w * 0.2} ${y + h * 0.72}H${x + w * 0.8}`, { stroke: "#d8d4cc", "stroke-width": 2 })
  );
}

export function drawWashKit(sk: Sketch, view: "front" | "detail"): string {
  const glossy = () =>
    sk.linear(
      [
        [0, "#050506"],
        [0.25, "#3a3a40"],
        [0.38, "#1f1f23"],
        [1, "#060607"],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    );
  if (view === "detail") {
    return (
      dropShadow(["M220 120H780V900H220Z"], 0, 16, 0.35) +
      el("rect", { x: 220, y: 120, width: 560, height: 780, rx: 40, fill: url(glossy()) }) +
      label(270, 220, 460, 560, "SPORT WASH", "FOR GIS, RASHGUARDS & BELTS · 1 L") +
      text(500, 680, "30° · NO FABRIC SOFTENER", { size: 22, fill: "#5c5c62", width: 300 })
    );
  }
  const mesh = sk.id("mesh");
  sk.def(
    el(
      "pattern",
      {
        id: mesh,
        width: 12,
        height: 12,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(45)",
      },
      el("rect", { width: 12, height: 12, fill: "#ffffff", opacity: 0.9 }) +
        el("rect", { x: 2.5, y: 2.5, width: 7, height: 7, rx: 2, fill: "#cfcac1" }),
    ),
  );
  const bag = "M150 300L850 262L880 830L130 850Z";
  const wash =
    "M300 300C300 270 330 256 350 250L350 210L430 210L430 250C450 256 480 270 480 300L480 840C480 856 470 866 454 866L326 866C310 866 300 856 300 840Z";
  const spray =
    "M540 420C540 398 556 388 574 384L574 350L646 350L646 384C664 388 680 398 680 420L680 846C680 858 672 866 660 866L560 866C548 866 540 858 540 846Z";
  return (
    dropShadow([bag], 0, 10, 0.25) +
    path(bag, { fill: url(mesh) }) +
    path("M160 330L848 292", { stroke: "#9a958c", "stroke-width": 10 }) +
    path("M160 330L848 292", { stroke: "#ffffff", "stroke-width": 4, "stroke-dasharray": "3 3" }) +
    el("rect", {
      x: 780,
      y: 282,
      width: 16,
      height: 36,
      rx: 4,
      fill: BRAND_RED,
      transform: "rotate(-3 788 300)",
    }) +
    path(bag, { fill: "none", stroke: "#bdb8ae", "stroke-width": 4 }) +
    dropShadow([wash, spray], 0, 14, 0.4) +
    path(wash, { fill: url(glossy()) }) +
    el("rect", { x: 346, y: 186, width: 88, height: 40, rx: 6, fill: BRAND_RED }) +
    label(314, 420, 152, 300, "SPORT WASH", "FOR GIS & RASHGUARDS") +
    path(spray, { fill: url(glossy()) }) +
    path(
      "M566 352L566 300C566 286 580 280 600 280L700 280C714 280 720 292 712 304L680 330L654 330L654 352Z",
      { fill: "#1d1d21" },
    ) +
    path("M640 330C646 360 660 380 672 392", {
      fill: "none",
      stroke: "#1d1d21",
      "stroke-width": 16,
      "stroke-linecap": "round",
    }) +
    el("rect", { x: 700, y: 290, width: 16, height: 10, rx: 3, fill: BRAND_RED }) +
    label(552, 520, 116, 240, "ODOUR SPRAY", "KIT · BAGS · GLOVES") +
    g(
      { filter: url(FILTERS.soft), opacity: 0.2 },
      path("M330 300V840M568 420V840", { stroke: "#ffffff", "stroke-width": 14 }),
    ) +
    stitch("M150 820L878 800", "#bdb8ae", 2, "6 4", 0.5)
  );
}
