import { wordmark } from "./motifs";
import { BRAND_RED, lighten } from "./palette";
import { dropShadow, FILTERS } from "./studio";
import { el, g, path, text, type Sketch, url } from "./svg";

/** The mesh equipment bag, cinched at the top, with gloves showing through. */
export function drawEquipmentBag(sk: Sketch, view: "front" | "detail"): string {
  const mesh = sk.id("mesh");
  const m = view === "detail" ? 40 : 18;
  sk.def(
    el(
      "pattern",
      {
        id: mesh,
        width: m,
        height: m,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(45)",
      },
      el("rect", { width: m, height: m, fill: "#1a1a1d" }) +
        el("rect", {
          x: m * 0.16,
          y: m * 0.16,
          width: m * 0.68,
          height: m * 0.68,
          rx: m * 0.14,
          fill: "#000000",
          opacity: 0.85,
        }),
    ),
  );
  if (view === "detail") {
    return (
      el("rect", { width: 1000, height: 1000, fill: "#d8d3ca" }) +
      path("M0 0H1000V1000H0Z", { fill: url(mesh), opacity: 0.9 }) +
      path("M-20 260C200 330 420 330 520 300C640 260 800 200 1020 240", {
        fill: "none",
        stroke: "#0c0c0e",
        "stroke-width": 70,
      }) +
      path("M-20 260C200 330 420 330 520 300C640 260 800 200 1020 240", {
        fill: "none",
        stroke: "#2a2a2e",
        "stroke-width": 44,
        "stroke-dasharray": "6 10",
      }) +
      cord("M400 300C420 460 380 640 440 980", 22) +
      cord("M560 290C600 440 640 620 600 980", 22) +
      g(
        { transform: "translate(500 520) rotate(4)" },
        el("rect", { x: -70, y: -110, width: 140, height: 220, rx: 50, fill: "#141416" }),
        el("rect", {
          x: -70,
          y: -110,
          width: 140,
          height: 100,
          rx: 50,
          fill: "#ffffff",
          opacity: 0.08,
        }),
        el("circle", { cy: -40, r: 22, fill: "#2e2e34" }),
        el("rect", { x: -36, y: 20, width: 72, height: 60, rx: 10, fill: BRAND_RED }),
        text(0, 58, "GT", { size: 34, fill: "#ffffff", width: 40 }),
      )
    );
  }
  const sack =
    "M372 296C300 336 236 440 232 590C228 740 300 830 400 850C460 860 540 860 600 850C700 830 772 740 768 590C764 440 700 336 628 296Z";
  return (
    dropShadow([sack], 0, 20) +
    path(sack, { fill: "#0e0e10" }) +
    // Gloves inside, seen through the mesh.
    el("ellipse", {
      cx: 430,
      cy: 620,
      rx: 110,
      ry: 140,
      fill: "#2a1216",
      transform: "rotate(-18 430 620)",
    }) +
    el("ellipse", {
      cx: 590,
      cy: 640,
      rx: 110,
      ry: 140,
      fill: "#3a0d15",
      transform: "rotate(20 590 640)",
    }) +
    path(sack, { fill: url(mesh), opacity: 0.85 }) +
    g(
      { "clip-path": url(sk.clip(sack)), filter: url(FILTERS.soft) },
      path("M330 400C300 520 310 680 370 800", {
        stroke: "#ffffff",
        "stroke-width": 34,
        fill: "none",
        opacity: 0.22,
      }),
      path("M672 380C724 500 716 700 650 810", {
        stroke: "#000000",
        "stroke-width": 56,
        fill: "none",
        opacity: 0.5,
      }),
      path(
        "M440 320C410 400 370 470 340 540M482 326C470 420 452 500 440 580M520 326C532 420 552 500 566 580M562 320C594 400 632 462 664 530",
        {
          stroke: "#000000",
          "stroke-width": 16,
          fill: "none",
          opacity: 0.55,
        },
      ),
      path("M462 324C440 410 412 480 392 560M542 324C560 410 590 480 612 560", {
        stroke: "#ffffff",
        "stroke-width": 10,
        fill: "none",
        opacity: 0.18,
      }),
    ) +
    // The hemmed top channel, gathered by the drawcord.
    path("M330 268C400 300 600 300 670 268L664 318C600 342 400 342 336 318Z", { fill: "#18181b" }) +
    path(
      "M352 280L370 326M400 290L410 334M450 294L455 338M500 296V338M550 294L545 338M600 290L590 334M648 280L630 326",
      {
        stroke: "#2e2e34",
        "stroke-width": 4,
      },
    ) +
    cord("M470 300C400 240 380 150 500 130C620 150 600 240 530 300", 12) +
    cord("M490 318C470 380 440 420 430 470M510 318C530 380 560 420 566 470", 10) +
    g(
      { transform: "translate(500 300)" },
      el("rect", { x: -20, y: -14, width: 40, height: 44, rx: 10, fill: "#2c2c31" }),
      el("circle", { cy: 8, r: 7, fill: "#0a0a0b" }),
    ) +
    g(
      { transform: "translate(600 716) rotate(-6)" },
      el("rect", { x: -60, y: -24, width: 120, height: 48, rx: 5, fill: BRAND_RED }),
      wordmark(0, 9, 88, "#ffffff"),
    )
  );
}

function cord(d: string, width: number): string {
  return (
    path(d, {
      fill: "none",
      stroke: "#050506",
      "stroke-width": width + 4,
      "stroke-linecap": "round",
    }) +
    path(d, { fill: "none", stroke: "#2f2f35", "stroke-width": width, "stroke-linecap": "round" }) +
    path(d, {
      fill: "none",
      stroke: lighten("#2f2f35", 0.25),
      "stroke-width": width / 3,
      "stroke-dasharray": `${width / 2} ${width / 2}`,
      "stroke-linecap": "round",
    })
  );
}
