import type { Group } from "../types";
import { GOLD, darken, lighten } from "./palette";
import { cloth, dropShadow, fabricShading, FILTERS, outline, seam, stitch } from "./studio";
import { C, L, el, g, mirrored, path, text, type Sketch, url } from "./svg";

/**
 * Satin Muay Thai shorts: a wide gold elastic waistband, short flared legs with side splits and
 * ornamented side panels; front, back and a close-up of the embroidered waistband.
 */

const CX = 500;
const TOP = 214;
const BAND = 100;

const SHAPE = mirrored(
  [CX, TOP + 4],
  [
    C(420, TOP + 4, 330, TOP, 290, TOP - 4),
    L(286, TOP + BAND),
    C(240, 400, 180, 580, 150, 730),
    L(196, 668),
    L(222, 758),
    C(310, 774, 410, 786, 466, 786),
    C(476, 720, 488, 660, CX, 628),
  ],
);

/** Metallic gold for the waistband and trims. */
function goldFill(sk: Sketch): string {
  return sk.linear([
    [0, "#f6dc86"],
    [0.35, GOLD],
    [0.7, "#b8872a"],
    [1, "#e9c45c"],
  ]);
}

/** A Thai-style flame (kranok) ornament chain along the local y axis. */
function flames(colour: string, length: number, size = 26): string {
  let d = "";
  for (let y = -length / 2; y < length / 2; y += size * 1.3) {
    d +=
      `M0 ${y + size}C${-size * 0.55} ${y + size * 0.7} ${-size * 0.5} ${y + size * 0.2} 0 ${y}` +
      `C${size * 0.1} ${y + size * 0.35} ${size * 0.45} ${y + size * 0.45} ${size * 0.3} ${y + size * 0.75}` +
      `C${size * 0.2} ${y + size * 0.9} ${size * 0.1} ${y + size} 0 ${y + size}Z`;
  }
  return path(d, { fill: colour });
}

function sidePanels(sk: Sketch, purple: string): string {
  const gold = goldFill(sk);
  return [-1, 1]
    .map((side) => {
      const sx = (x: number) => CX + side * (x - CX);
      const inner = `M${sx(330)} ${TOP + BAND}C${sx(294)} 430 ${sx(240)} 600 ${sx(214)} 766`;
      const panel = `${inner}L${sx(196)} 668L${sx(150)} 730C${sx(180)} 580 ${sx(240)} 400 ${sx(286)} ${TOP + BAND}Z`;
      return (
        path(panel, { fill: url(gold) }) +
        g(
          { "clip-path": url(sk.clip(panel)) },
          g(
            { transform: `translate(${sx(238)} 530) rotate(${side * 18})` },
            flames(purple, 560, 18),
          ),
        ) +
        path(inner, {
          fill: "none",
          stroke: darken(GOLD, 0.35),
          "stroke-width": 2.5,
        })
      );
    })
    .join("");
}

function waistband(sk: Sketch, purple: string, label: string): string {
  const gold = goldFill(sk);
  const band = `M0 ${TOP - 20}L1000 ${TOP - 20}L1000 ${TOP + BAND}L0 ${TOP + BAND}Z`;
  return (
    path(band, { fill: url(gold) }) +
    stitch(`M0 ${TOP + 12}L1000 ${TOP + 12}`, darken(GOLD, 0.4), 1.6, "5 4", 0.7) +
    stitch(`M0 ${TOP + BAND - 12}L1000 ${TOP + BAND - 12}`, darken(GOLD, 0.4), 1.6, "5 4", 0.7) +
    text(CX, TOP + 68, label, {
      size: 52,
      fill: purple,
      width: 300,
      stroke: lighten(GOLD, 0.4),
      strokeWidth: 2,
    })
  );
}

export function drawThaiShorts(
  sk: Sketch,
  group: Group | null,
  view: "front" | "back",
  purple: string,
): string {
  const clip = sk.clip(SHAPE);
  const sheen = {
    light: [
      "M380 340C360 460 330 600 320 740",
      "M640 330C660 460 690 600 700 740",
      "M470 340C450 430 440 520 450 600",
    ],
    dark: [
      "M300 420C280 520 250 640 240 720",
      "M560 360C590 460 610 560 620 700",
      "M420 620C440 680 450 740 450 780",
    ],
  };
  const front = view === "front";
  const legPrint = front
    ? text(604, 470, "MUAY", {
        size: 60,
        fill: url(goldFill(sk)),
        width: 124,
        stroke: darken(purple, 0.4),
        strokeWidth: 4,
      }) +
      text(604, 536, "THAI", {
        size: 60,
        fill: url(goldFill(sk)),
        width: 124,
        stroke: darken(purple, 0.4),
        strokeWidth: 4,
      }) +
      g(
        { transform: "translate(396 500)" },
        el("circle", { r: 58, fill: "none", stroke: GOLD, "stroke-width": 6 }),
        el("circle", { r: 48, fill: darken(purple, 0.25), stroke: GOLD, "stroke-width": 2 }),
        text(0, 14, "GT", { size: 44, fill: GOLD, width: 52 }),
        g({ transform: "translate(0 -52)" }, flames(GOLD, 20, 18)),
      )
    : text(372, 520, "GRIP N TRIP", {
        size: 40,
        fill: GOLD,
        width: 170,
        transform: "rotate(-8 372 520)",
      });
  const body =
    dropShadow([SHAPE]) +
    cloth(sk, SHAPE, purple) +
    g(
      { "clip-path": url(clip) },
      sidePanels(sk, purple),
      legPrint,
      waistband(sk, purple, front ? "GRIP N TRIP" : "GRIP TRUTH"),
    ) +
    fabricShading(sk, clip, purple, sheen) +
    g(
      { "clip-path": url(clip), filter: url(FILTERS.soft), opacity: 0.35 },
      path("M400 330C380 470 350 620 340 760", {
        stroke: "#ffffff",
        "stroke-width": 22,
        fill: "none",
      }),
      path("M620 330C640 470 670 620 680 760", {
        stroke: "#ffffff",
        "stroke-width": 22,
        fill: "none",
      }),
    ) +
    (front ? "" : seam("M500 314C500 460 500 560 500 630", purple)) +
    stitch("M252 756C320 768 410 776 464 776", lighten(purple, 0.4), 1.5, "5 4", 0.6) +
    stitch("M748 756C680 768 590 776 536 776", lighten(purple, 0.4), 1.5, "5 4", 0.6) +
    outline(SHAPE, purple);
  const fit = group === "kids" ? "scale(0.86 0.84)" : group === "womens" ? "scale(0.93 0.94)" : "";
  const zoom = `translate(500 500) scale(1.08) ${fit} translate(-500 -490)`;
  return g({ transform: zoom }, body);
}

/** Close-up of the waistband: gold satin with the name embroidered in purple. */
export function drawThaiShortsDetail(sk: Sketch, purple: string): string {
  const gold = goldFill(sk);
  const satin = sk.id("satin");
  sk.def(
    el(
      "pattern",
      {
        id: satin,
        width: 6,
        height: 6,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(40)",
      },
      el("rect", { width: 6, height: 6, fill: darken(purple, 0.1) }) +
        path("M0 1.5H6", { stroke: lighten(purple, 0.3), "stroke-width": 1.4 }),
    ),
  );
  const fabric = sk.linear(
    [
      [0, lighten(purple, 0.18)],
      [0.5, purple],
      [1, darken(purple, 0.35)],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 1 },
  );
  const piece = "M60 230C300 206 700 206 940 230L990 1000L10 1000Z";
  const band = "M60 230C300 206 700 206 940 230L952 560C700 536 300 536 48 560Z";
  const diamonds = (y: number) => {
    let d = "";
    for (let x = 70; x < 940; x += 34) d += `M${x} ${y}l12 -10l12 10l-12 10Z`;
    return path(d, { fill: purple, opacity: 0.85 });
  };
  return (
    dropShadow([piece], 0, 18, 0.35) +
    path(piece, { fill: url(fabric) }) +
    g(
      { filter: url(FILTERS.blur), opacity: 0.4 },
      path("M200 600C260 760 240 880 280 1000", {
        stroke: "#ffffff",
        "stroke-width": 50,
        fill: "none",
      }),
      path("M700 600C660 760 700 880 660 1000", {
        stroke: "#ffffff",
        "stroke-width": 40,
        fill: "none",
      }),
      path("M450 600C470 760 430 880 470 1000", {
        stroke: "#000000",
        "stroke-width": 60,
        fill: "none",
      }),
    ) +
    g(
      { filter: url(FILTERS.soft), opacity: 0.5 },
      path("M48 560C300 536 700 536 952 560L952 590C700 566 300 566 48 590Z", { fill: "#000000" }),
    ) +
    path(band, { fill: url(gold) }) +
    g({ "clip-path": url(sk.clip(band)) }, diamonds(262), diamonds(520)) +
    stitch("M60 290C300 268 700 268 940 290", darken(GOLD, 0.45), 3, "12 8", 0.7) +
    stitch("M52 496C300 474 700 474 948 496", darken(GOLD, 0.45), 3, "12 8", 0.7) +
    text(500, 440, "GRIP N TRIP", {
      size: 130,
      fill: "#000000",
      width: 680,
      opacity: 0.25,
      transform: "translate(3 5)",
    }) +
    text(500, 440, "GRIP N TRIP", {
      size: 130,
      fill: url(satin),
      width: 680,
      stroke: darken(purple, 0.4),
      strokeWidth: 2,
    }) +
    path(band, { fill: "none", stroke: darken(GOLD, 0.4), "stroke-width": 3 })
  );
}
