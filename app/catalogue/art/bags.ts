import { wordmark } from "./motifs";
import { BRAND_RED, darken } from "./palette";
import { dropShadow, FILTERS, stitch } from "./studio";
import { el, g, path, text, type Sketch, url } from "./svg";

/** The black holdall with its red Grip Truth panel. */

const NYLON = "#1c1c1f";

/** Ballistic nylon: a fine basket weave. */
function nylon(sk: Sketch, scale = 1): string {
  const id = sk.id("nylon");
  const s = 8 * scale;
  sk.def(
    el(
      "pattern",
      { id, width: s, height: s, patternUnits: "userSpaceOnUse" },
      path(
        `M0 ${s / 4}H${s / 2}M${s / 2} ${(s * 3) / 4}H${s}M${s / 4} 0V${s / 2}M${(s * 3) / 4} ${s / 2}V${s}`,
        {
          stroke: "#ffffff",
          "stroke-width": s / 8,
          opacity: 0.05,
        },
      ),
    ),
  );
  return id;
}

function zip(d: string, width = 10): string {
  return (
    path(d, { fill: "none", stroke: "#0a0a0b", "stroke-width": width + 6 }) +
    path(d, {
      fill: "none",
      stroke: "#4a4a50",
      "stroke-width": width,
      "stroke-dasharray": "2.5 2.5",
    })
  );
}

function puller(x: number, y: number, angle = 0, scale = 1): string {
  return g(
    { transform: `translate(${x} ${y}) rotate(${angle}) scale(${scale})` },
    el("rect", { x: -9, y: -6, width: 18, height: 14, rx: 3, fill: "#8d8f94" }),
    el("rect", { x: -7, y: 8, width: 14, height: 46, rx: 7, fill: BRAND_RED }),
    el("circle", { cx: 0, cy: 44, r: 3.5, fill: darken(BRAND_RED, 0.5) }),
  );
}

function redPanel(x: number, y: number, w: number, h: number): string {
  return (
    el("rect", { x, y, width: w, height: h, rx: 14, fill: BRAND_RED }) +
    el("rect", { x, y, width: w, height: h / 2, rx: 14, fill: "#ffffff", opacity: 0.08 }) +
    el("rect", {
      x: x + 9,
      y: y + 9,
      width: w - 18,
      height: h - 18,
      rx: 9,
      fill: "none",
      stroke: darken(BRAND_RED, 0.45),
      "stroke-width": 2,
      "stroke-dasharray": "7 5",
    }) +
    wordmark(x + w / 2, y + h / 2 + w * 0.06, w * 0.74, "#ffffff") +
    el("rect", {
      x: x + w * 0.3,
      y: y + h - 34,
      width: w * 0.4,
      height: 3,
      fill: "#ffffff",
      opacity: 0.6,
    })
  );
}

export function drawGymBag(sk: Sketch, view: "front" | "detail"): string {
  if (view === "detail") return gymBagDetail(sk);
  const body =
    "M168 480C168 392 228 356 300 356L700 356C772 356 832 392 832 480L832 704C832 744 804 764 764 764L236 764C196 764 168 744 168 704Z";
  const fill = sk.linear([
    [0, "#3a3a40"],
    [0.3, NYLON],
    [1, "#0b0b0c"],
  ]);
  const handle = (dx: number, shade: number) =>
    path(
      `M${400 + dx} 372C${392 + dx} 250 ${430 + dx} 214 ${500 + dx} 214C${570 + dx} 214 ${608 + dx} 250 ${600 + dx} 372`,
      {
        fill: "none",
        stroke: darken("#2a2a2e", shade),
        "stroke-width": 30,
        "stroke-linecap": "round",
      },
    ) +
    stitch(
      `M${410 + dx} 360C${404 + dx} 258 ${436 + dx} 226 ${500 + dx} 226C${564 + dx} 226 ${596 + dx} 258 ${590 + dx} 360`,
      "#55555c",
      1.5,
      "5 4",
    );
  const strap =
    path("M186 440C170 240 330 150 500 150C670 150 830 240 814 440", {
      fill: "none",
      stroke: "#101012",
      "stroke-width": 34,
    }) +
    path("M420 150C460 144 540 144 580 150", {
      stroke: "#2e2e34",
      "stroke-width": 40,
      "stroke-linecap": "round",
    });
  return (
    dropShadow([body], 0, 22) +
    strap +
    handle(-14, 0.3) +
    path(body, { fill: url(fill) }) +
    path(body, { fill: url(nylon(sk)) }) +
    // End panels and piping give the holdall its barrel shape.
    path(
      "M236 764C196 764 168 744 168 704L168 480C168 420 196 384 236 366C214 420 212 650 236 764Z",
      { fill: "#000000", opacity: 0.35 },
    ) +
    path(
      "M764 764C804 764 832 744 832 704L832 480C832 420 804 384 764 366C786 420 788 650 764 764Z",
      { fill: "#000000", opacity: 0.45 },
    ) +
    path(body, { fill: "none", stroke: "#3c3c42", "stroke-width": 4 }) +
    g(
      { filter: url(FILTERS.soft), opacity: 0.18 },
      path("M260 400C400 384 600 384 740 400", {
        stroke: "#ffffff",
        "stroke-width": 26,
        fill: "none",
      }),
    ) +
    zip("M250 384C400 370 600 370 750 384") +
    puller(300, 380, 8) +
    puller(322, 379, -10) +
    redPanel(330, 456, 340, 150) +
    zip("M290 672L710 672", 8) +
    puller(690, 672, -4, 0.8) +
    el("rect", { x: 180, y: 430, width: 22, height: 44, rx: 6, fill: "#8d8f94" }) +
    el("rect", { x: 798, y: 430, width: 22, height: 44, rx: 6, fill: "#8d8f94" }) +
    handle(14, 0) +
    [250, 750]
      .map((x) => el("ellipse", { cx: x, cy: 768, rx: 26, ry: 8, fill: "#050505" }))
      .join("")
  );
}

function gymBagDetail(sk: Sketch): string {
  const fill = sk.linear(
    [
      [0, "#34343a"],
      [0.5, NYLON],
      [1, "#0b0b0c"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const piece = "M40 120L960 120L960 940L40 940Z";
  return (
    dropShadow([piece], 0, 18) +
    el("rect", { x: 40, y: 120, width: 920, height: 820, rx: 60, fill: url(fill) }) +
    el("rect", { x: 40, y: 120, width: 920, height: 820, rx: 60, fill: url(nylon(sk, 2.2)) }) +
    zip("M40 230L960 230", 24) +
    puller(620, 230, 6, 2.4) +
    redPanel(150, 340, 700, 320) +
    stitch("M80 880L920 880", "#55555c", 3, "10 7") +
    text(500, 820, "50 L  ·  VENTILATED WET-KIT POCKET", {
      size: 26,
      fill: "#8d8f94",
      width: 520,
      spacing: 2,
    })
  );
}
