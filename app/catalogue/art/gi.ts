import type { Group } from "../types";
import { wordmark } from "./motifs";
import { BRAND_RED } from "./palette";
import { dropShadow, fabricShading, outline, stitch, FILTERS } from "./studio";
import { C, L, el, g, mirrored, path, pathData, text, type Sketch, url } from "./svg";

/** The white pearl-weave gi laid flat: jacket with lapels and a tied belt, trousers beneath. */

export const GI_WHITE = "#f6f5f1";
const THREAD = BRAND_RED;
const CX = 500;

const jacket = mirrored(
  [CX, 128],
  [
    C(470, 128, 432, 130, 420, 142),
    C(380, 150, 320, 165, 290, 182),
    C(255, 200, 190, 420, 150, 585),
    L(272, 628),
    C(290, 540, 318, 440, 330, 372),
    C(326, 480, 318, 600, 312, 718),
    C(380, 722, 450, 726, CX, 728),
  ],
);

/** Pearl weave: tiny staggered grains of thread. */
export function pearlWeave(sk: Sketch, scale = 1): string {
  const id = sk.id("pearl");
  const s = 12 * scale;
  sk.def(
    el(
      "pattern",
      { id, width: s, height: s, patternUnits: "userSpaceOnUse" },
      el("ellipse", {
        cx: s * 0.25,
        cy: s * 0.25,
        rx: s * 0.22,
        ry: s * 0.15,
        fill: "#000000",
        opacity: 0.045,
      }) +
        el("ellipse", {
          cx: s * 0.75,
          cy: s * 0.75,
          rx: s * 0.22,
          ry: s * 0.15,
          fill: "#000000",
          opacity: 0.045,
        }) +
        el("circle", { cx: s * 0.22, cy: s * 0.2, r: s * 0.06, fill: "#ffffff", opacity: 0.5 }),
    ),
  );
  return id;
}

function whiteCloth(sk: Sketch): string {
  return sk.linear(
    [
      [0, "#fbfaf7"],
      [0.6, GI_WHITE],
      [1, "#dcd9d1"],
    ],
    { x1: 300, y1: 120, x2: 700, y2: 900 },
    "userSpaceOnUse",
  );
}

function trousers(sk: Sketch): string {
  const leg = (side: 1 | -1) => {
    const sx = (x: number) => CX + side * (x - CX);
    return pathData(
      [sx(CX - 4), 690],
      [
        L(sx(345), 690),
        L(sx(330), 902),
        C(sx(380), 910, sx(440), 910, sx(484), 904),
        L(sx(CX - 4), 690),
      ],
    );
  };
  const legs = [leg(-1), leg(1)];
  const clip = sk.clip(...legs);
  const ripstop = sk.id("rip");
  sk.def(
    el(
      "pattern",
      { id: ripstop, width: 14, height: 14, patternUnits: "userSpaceOnUse" },
      path("M0 0.5H14M0.5 0V14", { stroke: "#000000", "stroke-width": 1, opacity: 0.035 }),
    ),
  );
  const fill = whiteCloth(sk);
  return (
    dropShadow(legs, 0, 12, 0.3) +
    legs.map((d) => path(d, { fill: url(fill) })).join("") +
    g(
      { "clip-path": url(clip) },
      el("rect", { x: 300, y: 680, width: 400, height: 240, fill: url(ripstop) }),
      el("rect", { x: 300, y: 858, width: 400, height: 60, fill: "#000000", opacity: 0.04 }),
    ) +
    fabricShading(
      sk,
      clip,
      GI_WHITE,
      { dark: ["M420 700L430 900", "M580 700L570 900"] },
      { x: 320, y: 680, w: 360, h: 240 },
    ) +
    [-1, 1]
      .map((side) =>
        stitch(
          `M${CX + side * 172} 876C${CX + side * 120} 882 ${CX + side * 60} 882 ${CX + side * 18} 878`,
          THREAD,
          2,
          "6 4",
        ),
      )
      .join("") +
    legs.map((d) => outline(d, GI_WHITE, 2)).join("")
  );
}

function belt(back: boolean): string {
  const black = "#161616";
  const band = `M314 566C400 576 600 576 686 566C690 580 690 594 688 608C600 618 400 618 312 608C310 594 310 580 314 566Z`;
  const rows = [578, 588, 598]
    .map((y) =>
      path(`M304 ${y}C400 ${y + 9} 600 ${y + 9} 700 ${y}`, {
        fill: "none",
        stroke: "#3a3a3a",
        "stroke-width": 1.2,
      }),
    )
    .join("");
  if (back) return path(band, { fill: black }) + rows;
  const tail = (side: 1 | -1, bar: boolean) =>
    g(
      { transform: `translate(${CX + side * 14} 600) rotate(${side * -16})` },
      el("rect", { x: -20, y: 0, width: 40, height: 150, rx: 3, fill: black }),
      bar ? el("rect", { x: -20, y: 84, width: 40, height: 46, fill: BRAND_RED }) : "",
      bar ? path("M-20 94H20M-20 104H20", { stroke: "#f4f4f2", "stroke-width": 4 }) : "",
      path("M-12 0V148M0 0V148M12 0V148", { stroke: "#3a3a3a", "stroke-width": 1.2 }),
    );
  return (
    dropShadow([band], 0, 6, 0.4) +
    path(band, { fill: black }) +
    rows +
    g(
      { filter: url(FILTERS.soft), opacity: 0.35, transform: "translate(4 8)" },
      tail(-1, false),
      tail(1, false),
    ) +
    tail(-1, false) +
    tail(1, true) +
    el("rect", { x: 466, y: 560, width: 68, height: 58, rx: 10, fill: black }) +
    path("M470 566L530 612M472 612L500 590", { stroke: "#3a3a3a", "stroke-width": 3 })
  );
}

function patch(x: number, y: number, w: number, h: number, rotate = 0): string {
  return g(
    { transform: `translate(${x} ${y}) rotate(${rotate})` },
    el("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: 6, fill: "#121214" }),
    el("rect", {
      x: -w / 2 + 5,
      y: -h / 2 + 5,
      width: w - 10,
      height: h - 10,
      rx: 4,
      fill: "none",
      stroke: "#e9e7e2",
      "stroke-width": 1.2,
      "stroke-dasharray": "4 3",
    }),
    wordmark(0, h * 0.14, w * 0.72),
  );
}

export function drawGi(sk: Sketch, group: Group | null, view: "front" | "back"): string {
  const clip = sk.clip(jacket);
  const fill = whiteCloth(sk);
  const weave = pearlWeave(sk);
  const front = view === "front";
  const topFree = "M545 150C530 260 440 420 375 580L368 724";
  const topPanel = `${topFree}L720 724L720 100L545 100Z`;
  const underLapel = "M408 148C412 240 452 330 520 400L570 372C500 320 470 240 458 150Z";
  const topLapel = "M545 150C530 260 440 420 375 580L436 590C505 430 590 265 600 152Z";
  const opening = "M455 150C465 230 490 290 502 326C516 290 535 230 546 150Z";
  const cuffStitch = (side: 1 | -1) => {
    const sx = (x: number) => CX + side * (x - CX);
    return stitch(`M${sx(156)} 566L${sx(278)} 608`, THREAD, 2, "6 4");
  };
  const frontDetails =
    path(opening, { fill: "#cfccc4" }) +
    path("M430 142C470 160 530 160 570 142", {
      fill: "none",
      stroke: "#e9e7e1",
      "stroke-width": 30,
    }) +
    stitch("M432 140C470 156 530 156 568 140", THREAD, 1.8, "5 4") +
    path(underLapel, { fill: "#eeece7" }) +
    stitch("M420 150C425 240 462 322 530 390", THREAD, 2, "6 4") +
    stitch("M446 152C450 236 482 310 552 372", THREAD, 2, "6 4") +
    g(
      { filter: url(FILTERS.soft), opacity: 0.4 },
      path(topFree, {
        fill: "none",
        stroke: "#000000",
        "stroke-width": 10,
        transform: "translate(-8 4)",
      }),
    ) +
    path(topPanel, { fill: url(fill), "clip-path": url(clip) }) +
    g({ "clip-path": url(clip) }, path(topPanel, { fill: url(weave) })) +
    path(topLapel, { fill: "#f9f8f5", stroke: "#c9c5bc", "stroke-width": 1.5 }) +
    stitch("M556 154C542 262 454 420 390 576", THREAD, 2, "6 4") +
    stitch("M588 156C576 266 488 428 424 584", THREAD, 2, "6 4") +
    stitch("M402 602L396 720", THREAD, 2, "6 4") +
    patch(630, 676, 84, 36, -3) +
    patch(650, 250, 92, 38, 24);
  const backDetails =
    path("M422 140C460 122 540 122 578 140", {
      fill: "none",
      stroke: "#eceae4",
      "stroke-width": 40,
      "stroke-linecap": "round",
    }) +
    stitch("M426 128C464 112 536 112 574 128", THREAD, 1.8, "5 4") +
    stitch("M426 152C464 136 536 136 574 152", THREAD, 1.8, "5 4") +
    path("M500 162L500 726", { stroke: "#c9c5bc", "stroke-width": 2.5 }) +
    stitch("M506 170L506 720", THREAD, 1.8, "6 4") +
    g(
      {},
      el("rect", { x: 372, y: 232, width: 256, height: 124, rx: 10, fill: "#121214" }),
      el("rect", {
        x: 380,
        y: 240,
        width: 240,
        height: 108,
        rx: 7,
        fill: "none",
        stroke: "#e9e7e2",
        "stroke-width": 1.5,
        "stroke-dasharray": "5 3",
      }),
      wordmark(500, 300, 200),
      text(500, 330, "THE GRIP IS THE TRUTH", {
        size: 16,
        fill: "#e9e7e2",
        width: 170,
        spacing: 1,
      }),
    );
  const hemStitch = [-1, 1]
    .map((side) =>
      stitch(
        `M${CX + side * 186} 704C${CX + side * 120} 708 ${CX + side * 60} 712 ${CX} 713`,
        THREAD,
        2,
        "6 4",
      ),
    )
    .join("");
  const vents = [-1, 1]
    .map((side) =>
      path(`M${CX + side * 186} 724L${CX + side * 184} 666`, {
        stroke: "#b8b4aa",
        "stroke-width": 3,
      }),
    )
    .join("");
  const body =
    trousers(sk) +
    dropShadow([jacket]) +
    path(jacket, { fill: url(fill) }) +
    g(
      { "clip-path": url(clip) },
      el("rect", { x: 100, y: 100, width: 800, height: 700, fill: url(weave) }),
    ) +
    (front ? frontDetails : backDetails) +
    fabricShading(sk, clip, GI_WHITE, {
      dark: [
        "M250 300L280 420",
        "M750 300L720 420",
        "M205 470L250 500",
        "M795 470L750 500",
        "M360 380C370 460 350 520 360 560",
        "M640 380C630 460 650 520 640 560",
      ],
    }) +
    cuffStitch(-1) +
    cuffStitch(1) +
    hemStitch +
    vents +
    belt(!front) +
    outline(jacket, GI_WHITE);
  const fit = group === "kids" ? "scale(0.92 0.86)" : group === "womens" ? "scale(0.94 0.97)" : "";
  return fit ? g({ transform: `translate(500 520) ${fit} translate(-500 -520)` }, body) : body;
}

export function giFloor(): { cx: number; cy: number; rx: number; ry: number } {
  return { cx: 500, cy: 912, rx: 330, ry: 36 };
}
