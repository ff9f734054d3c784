import type { Group } from "../types";
import { wordmark } from "./motifs";
import { BRAND_RED, darken, lighten } from "./palette";
import { cloth, dropShadow, fabricShading, outline, seam, stitch } from "./studio";
import { C, L, el, g, mirrored, path, text, type Sketch, url } from "./svg";

/** A heavyweight hoodie laid flat: hood, kangaroo pocket, ribbed cuffs and hem. */

const CX = 500;

const BODY = mirrored(
  [CX, 196],
  [
    C(470, 196, 440, 190, 420, 184),
    C(370, 196, 310, 214, 272, 236),
    C(236, 260, 190, 520, 152, 770),
    L(236, 792),
    C(262, 640, 296, 500, 318, 424),
    C(320, 560, 316, 700, 318, 826),
    C(380, 832, 450, 834, CX, 834),
  ],
);

const HOOD_BACK = "M372 236C360 150 424 104 500 104C576 104 640 150 628 236Z";

/** Vertical rib knit inside a band. */
function ribs(x0: number, x1: number, y0: number, y1: number, colour: string, step = 9): string {
  let d = "";
  for (let x = x0; x <= x1; x += step) d += `M${x} ${y0}L${x} ${y1}`;
  return path(d, { stroke: colour, "stroke-width": 2, opacity: 0.35 });
}

export function drawHoodie(
  sk: Sketch,
  group: Group | null,
  view: "front" | "back",
  colour: string,
): string {
  const clip = sk.clip(BODY);
  const rib = darken(colour, 0.1);
  const lining = darken(colour, 0.42);
  const line = darken(colour, 0.35);
  const cuffBands = [-1, 1]
    .map((side) => {
      const sx = (x: number) => CX + side * (x - CX);
      return path(`M${sx(140)} 716L${sx(250)} 740L${sx(236)} 800L${sx(126)} 780Z`, { fill: rib });
    })
    .join("");
  const cuffRibs = [-1, 1]
    .map((side) =>
      g(
        { transform: `translate(${CX + side * (CX - 190)} 758) rotate(${side * 12})` },
        ribs(-54, 54, -26, 26, darken(colour, 0.45), 8),
      ),
    )
    .join("");
  const hem = el("rect", { x: 300, y: 780, width: 400, height: 60, fill: rib });
  const hemRibs = ribs(318, 682, 784, 832, darken(colour, 0.45), 9);

  const hoodFront =
    // The hood lies behind the neck; its lined opening and rim frame the neckline.
    path(
      "M408 214C404 150 450 128 500 128C550 128 596 150 592 214C580 262 540 296 500 306C460 296 420 262 408 214Z",
      {
        fill: colour,
      },
    ) +
    path(
      "M432 208C432 166 466 150 500 150C534 150 568 166 568 208C556 246 528 270 500 278C472 270 444 246 432 208Z",
      {
        fill: lining,
      },
    ) +
    path("M500 278L500 306", { stroke: line, "stroke-width": 3 }) +
    stitch(
      "M416 214C428 258 462 288 500 298C538 288 572 258 584 214",
      darken(colour, 0.4),
      1.6,
      "5 4",
      0.6,
    ) +
    el("circle", {
      cx: 476,
      cy: 292,
      r: 5,
      fill: "#d8d8d8",
      stroke: "#555555",
      "stroke-width": 1.5,
    }) +
    el("circle", {
      cx: 524,
      cy: 292,
      r: 5,
      fill: "#d8d8d8",
      stroke: "#555555",
      "stroke-width": 1.5,
    }) +
    path("M476 292C470 340 462 390 466 452M524 292C532 340 538 380 532 440", {
      fill: "none",
      stroke: lighten(colour, 0.7),
      "stroke-width": 7,
      "stroke-linecap": "round",
    }) +
    el("rect", { x: 460, y: 446, width: 12, height: 30, rx: 4, fill: BRAND_RED }) +
    el("rect", { x: 526, y: 434, width: 12, height: 30, rx: 4, fill: BRAND_RED });

  const pocket =
    path(
      "M372 600C430 588 570 588 628 600C640 650 648 700 650 770L350 770C352 700 360 650 372 600Z",
      {
        fill: lighten(colour, 0.03),
      },
    ) +
    path("M372 600C360 650 352 700 350 770", { fill: "none", stroke: line, "stroke-width": 3 }) +
    path("M628 600C640 650 648 700 650 770", { fill: "none", stroke: line, "stroke-width": 3 }) +
    path("M372 600C430 588 570 588 628 600", { fill: "none", stroke: line, "stroke-width": 2 }) +
    stitch("M382 608C436 598 564 598 618 608", darken(colour, 0.45), 1.5, "5 4", 0.6) +
    stitch(
      "M384 606C372 660 366 710 364 768M616 606C628 660 634 710 636 768",
      darken(colour, 0.45),
      1.5,
      "5 4",
      0.6,
    );

  const hood =
    "M396 194C380 260 388 350 432 404C462 436 538 436 568 404C612 350 620 260 604 194C560 184 440 184 396 194Z";
  const hoodBack =
    dropShadow([hood], 0, 8, 0.3) +
    cloth(sk, hood, lighten(colour, 0.03), "down") +
    path(hood, { fill: "none", stroke: line, "stroke-width": 2.5 }) +
    stitch(
      "M408 206C396 264 404 344 442 392C470 420 530 420 558 392C596 344 604 264 592 206",
      darken(colour, 0.4),
      1.5,
      "5 4",
      0.6,
    ) +
    seam("M500 192L500 426", colour);

  const backPrint =
    text(CX, 560, "THE GRIP IS", { size: 74, fill: "#161616", width: 290 }) +
    text(CX, 648, "THE TRUTH", { size: 74, fill: BRAND_RED, width: 290 });

  const front = view === "front";
  const body =
    dropShadow(front ? [BODY, HOOD_BACK] : [BODY]) +
    (front ? cloth(sk, HOOD_BACK, darken(colour, 0.08)) : "") +
    cloth(sk, BODY, colour) +
    g({ "clip-path": url(clip) }, cuffBands, cuffRibs, hem, hemRibs) +
    (front ? pocket + wordmark(598, 350, 104, BRAND_RED) : backPrint) +
    fabricShading(sk, clip, colour, {
      dark: [
        "M230 480L270 520",
        "M770 480L730 520",
        "M330 430C350 560 340 680 350 760",
        "M670 430C650 560 660 680 650 760",
      ],
      light: ["M420 330C410 460 420 560 410 640", "M590 330C600 460 590 560 600 640"],
    }) +
    [-1, 1]
      .map((side) =>
        seam(
          `M${CX + side * (CX - 272)} 236C${CX + side * (CX - 296)} 300 ${CX + side * (CX - 312)} 380 ${CX + side * (CX - 318)} 424`,
          colour,
        ),
      )
      .join("") +
    (front ? hoodFront : hoodBack) +
    outline(BODY, colour);
  const fit = group === "kids" ? "scale(0.9 0.86)" : group === "womens" ? "scale(0.94 0.96)" : "";
  return fit ? g({ transform: `translate(500 500) ${fit} translate(-500 -500)` }, body) : body;
}
