import { beastHead, gorillaMark, place, seaWave, wordmark } from "./motifs";
import { BRAND_RED, PALETTES, darken, lighten } from "./palette";
import { dropShadow } from "./studio";
import { el, g, path, text, type Sketch, url } from "./svg";

/** The five embroidered iron-on patches, laid out loose, and a close-up of the gorilla. */

/** An embroidered patch with a merrowed (overlocked) edge. */
function merrowed(d: string, fill: string, thread: string): string {
  return (
    path(d, { fill }) +
    path(d, { fill: "none", stroke: darken(thread, 0.35), "stroke-width": 16 }) +
    path(d, { fill: "none", stroke: thread, "stroke-width": 13, "stroke-dasharray": "2 2.2" })
  );
}

function circle(r: number): string {
  return `M${-r} 0A${r} ${r} 0 1 0 ${r} 0A${r} ${r} 0 1 0 ${-r} 0Z`;
}

function patchSet(
  sk: Sketch,
): Record<"wordmark" | "gorilla" | "england" | "beast" | "wave", string> {
  const shield = "M-90 -110L90 -110L90 10C90 70 40 106 0 122C-40 106 -90 70 -90 10Z";
  const rect = "M-160 -58L160 -58L160 58L-160 58Z";
  const teal = PALETTES["redcar-bjj"];
  return {
    wordmark: merrowed(rect, "#121214", "#2a2a2e") + wordmark(0, 20, 250),
    gorilla:
      merrowed(circle(104), "#17171a", "#e8e6e0") +
      place(0, 4, 0.62, gorillaMark("#e8e6e0", "#17171a", false)),
    england:
      merrowed(shield, "#f4f3ef", "#1b2647") +
      g(
        { "clip-path": url(sk.clip(shield)) },
        el("rect", { x: -22, y: -120, width: 44, height: 260, fill: BRAND_RED }),
        el("rect", { x: -100, y: -34, width: 200, height: 44, fill: BRAND_RED }),
      ),
    beast:
      merrowed(circle(104), "#c21430", "#f7f5f0") +
      place(0, 10, 0.58, beastHead("#f7f5f0", "#c21430")),
    wave:
      merrowed(circle(104), teal.base, teal.accent) +
      g(
        { "clip-path": url(sk.clip(circle(96))) },
        g(
          { transform: "scale(0.55)" },
          seaWave(-220, 220, 96, 220, {
            deep: darken(teal.base, 0.25),
            mid: lighten(teal.base, 0.12),
            light: lighten(teal.base, 0.3),
            foam: teal.accent,
          }),
        ),
        text(0, -34, "REDCAR", { size: 40, fill: teal.accent, width: 124 }),
      ),
  };
}

export function drawPatches(sk: Sketch, view: "front" | "detail"): string {
  const p = patchSet(sk);
  const texture = sk.id("thread");
  sk.def(
    el(
      "pattern",
      {
        id: texture,
        width: 5,
        height: 5,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(30)",
      },
      path("M0 1H5", { stroke: "#ffffff", "stroke-width": 1, opacity: 0.08 }),
    ),
  );
  const at = (x: number, y: number, r: number, s: number, markup: string, shape: string) =>
    g(
      { transform: `translate(${x} ${y}) rotate(${r}) scale(${s})` },
      dropShadow([shape], 0, 8, 0.35),
      markup,
      path(shape, { fill: url(texture) }),
    );
  if (view === "detail") return at(500, 500, -4, 3.3, p.gorilla, circle(112));
  return g(
    { transform: "translate(500 500) scale(1.1) translate(-500 -500)" },
    at(350, 300, -5, 1.05, p.wordmark, "M-168 -66L168 -66L168 66L-168 66Z"),
    at(
      710,
      320,
      6,
      1.05,
      p.england,
      "M-98 -118L98 -118L98 10C98 76 44 114 0 130C-44 114 -98 76 -98 10Z",
    ),
    at(240, 640, 4, 1, p.gorilla, circle(112)),
    at(500, 700, -3, 1, p.wave, circle(112)),
    at(760, 640, 8, 1, p.beast, circle(112)),
  );
}
