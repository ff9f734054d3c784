import { escapeXml } from "~/shared/escape";
import { BRAND } from "~/shared/brand";
import { KIDS_GI_CHART, KIDS_NO_GI_CHART, type SizeChart } from "~/catalogue/size-charts";

/**
 * The printable kids size chart (S-CAT-3's Download Size Chart), drawn as an A4 portrait SVG
 * from the same chart data as the size guide page, so the two can never disagree.
 */

const PAGE = { width: 794, height: 1123, margin: 48 } as const;
const INK = "#0b0b0c";
const PAPER = "#f7f6f3";
const STONE = "#e7e4de";
const MUTED = "#5c5b57";
const ACCENT = "#c8102e";
const DISPLAY = "Oswald, 'Arial Narrow', 'Helvetica Neue', Arial, sans-serif";
const BODY = "'Helvetica Neue', Helvetica, Arial, sans-serif";

const TITLE_BAND = 40;
const ROW = 32;
const SIZE_COLUMN = 120;

export { escapeXml };

interface TextOptions {
  size: number;
  fill?: string;
  font?: string;
  weight?: number;
  anchor?: "start" | "middle" | "end";
  spacing?: number;
}

/** Coordinates to at most one decimal place, to keep the file small and readable. */
const round = (value: number) => Math.round(value * 10) / 10;

function text(x: number, y: number, content: string, o: TextOptions): string {
  const attrs = [
    `x="${round(x)}"`,
    `y="${round(y)}"`,
    `font-family="${o.font ?? BODY}"`,
    `font-size="${o.size}"`,
    `fill="${o.fill ?? INK}"`,
    o.weight ? `font-weight="${o.weight}"` : "",
    o.anchor && o.anchor !== "start" ? `text-anchor="${o.anchor}"` : "",
    o.spacing ? `letter-spacing="${o.spacing}"` : "",
  ].filter(Boolean);
  return `<text ${attrs.join(" ")}>${escapeXml(content)}</text>`;
}

/** Draws one chart as a table; answers the SVG and the height it used. */
export function drawChart(
  chart: SizeChart,
  x: number,
  y: number,
  width: number,
): { svg: string; height: number } {
  const valueColumns = chart.columns.length - 1;
  const valueWidth = (width - SIZE_COLUMN) / valueColumns;
  const columnCentre = (index: number) =>
    index === 0 ? x + 16 : x + SIZE_COLUMN + valueWidth * (index - 1) + valueWidth / 2;
  const parts: string[] = [];

  parts.push(`<rect x="${x}" y="${y}" width="${width}" height="${TITLE_BAND}" fill="${INK}"/>`);
  parts.push(
    text(x + 16, y + 27, chart.caption.toUpperCase(), {
      size: 18,
      fill: PAPER,
      font: DISPLAY,
      weight: 700,
      spacing: 1,
    }),
  );

  let rowY = y + TITLE_BAND;
  parts.push(`<rect x="${x}" y="${rowY}" width="${width}" height="${ROW}" fill="${STONE}"/>`);
  chart.columns.forEach((column, index) => {
    parts.push(
      text(columnCentre(index), rowY + 21, column, {
        size: 13,
        weight: 700,
        anchor: index === 0 ? "start" : "middle",
      }),
    );
  });

  chart.rows.forEach((row, rowIndex) => {
    rowY += ROW;
    const fill = rowIndex % 2 === 0 ? "#ffffff" : PAPER;
    parts.push(`<rect x="${x}" y="${rowY}" width="${width}" height="${ROW}" fill="${fill}"/>`);
    parts.push(
      text(columnCentre(0), rowY + 22, row.size, {
        size: 16,
        font: DISPLAY,
        weight: 700,
      }),
    );
    row.cells.forEach((cell, index) => {
      parts.push(text(columnCentre(index + 1), rowY + 21, cell, { size: 14, anchor: "middle" }));
    });
  });
  rowY += ROW;

  const height = rowY - y;
  parts.push(
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="none" stroke="${STONE}" stroke-width="1.5"/>`,
  );
  let used = height;
  if (chart.note) {
    parts.push(text(x, rowY + 22, chart.note, { size: 12.5, fill: MUTED }));
    used += 22;
  }
  return { svg: parts.join("\n    "), height: used };
}

const HOW_TO_MEASURE: readonly [string, string][] = [
  ["Height", "Stand straight against a wall, no shoes, heels together."],
  ["Chest", "Round the fullest part of the chest, under the arms."],
  ["Waist", "Round the natural waist, just above the belly button."],
  ["Weight", "In light clothing. For gis, size by height first."],
];

/** `email`: the seller's e-mail from the owner's settings (X-OWN-1). */
export function renderKidsSizeChartSvg(email: string): string {
  const { width, height, margin } = PAGE;
  const contentWidth = width - margin * 2;
  const parts: string[] = [];

  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<rect width="${width}" height="132" fill="${INK}"/>`);
  parts.push(`<rect y="132" width="${width}" height="8" fill="${ACCENT}"/>`);
  parts.push(
    text(margin, 76, BRAND.name, {
      size: 46,
      fill: "#ffffff",
      font: DISPLAY,
      weight: 700,
      spacing: 3,
    }),
  );
  parts.push(
    text(margin, 106, BRAND.slogan.toUpperCase(), {
      size: 15,
      fill: STONE,
      font: DISPLAY,
      spacing: 4,
    }),
  );
  parts.push(
    text(width - margin, 76, "KIDS SIZE CHART", {
      size: 22,
      fill: "#ffffff",
      font: DISPLAY,
      weight: 700,
      anchor: "end",
      spacing: 2,
    }),
  );
  parts.push(
    text(width - margin, 106, "All measurements in cm and kg", {
      size: 13,
      fill: STONE,
      anchor: "end",
    }),
  );

  let y = 182;
  parts.push(
    text(margin, y, "Measure your child in light clothing and match the measurements below.", {
      size: 15,
    }),
  );
  parts.push(
    text(
      margin,
      y + 22,
      "Between two sizes? Go up one: kids grow fast and our kit is cut to last.",
      {
        size: 15,
        fill: MUTED,
      },
    ),
  );
  y += 52;

  for (const chart of [KIDS_NO_GI_CHART, KIDS_GI_CHART]) {
    const drawn = drawChart(chart, margin, y, contentWidth);
    parts.push(drawn.svg);
    y += drawn.height + 36;
  }
  y += 16;

  parts.push(
    text(margin, y, "HOW TO MEASURE", { size: 20, font: DISPLAY, weight: 700, spacing: 1 }),
  );
  parts.push(`<rect x="${margin}" y="${y + 10}" width="40" height="3" fill="${ACCENT}"/>`);
  y += 38;
  const half = contentWidth / 2;
  HOW_TO_MEASURE.forEach(([label, how], index) => {
    const x = margin + (index % 2) * half;
    const rowY = y + Math.floor(index / 2) * 48;
    parts.push(text(x, rowY, label.toUpperCase(), { size: 14, font: DISPLAY, weight: 700 }));
    parts.push(text(x, rowY + 19, how, { size: 12.5, fill: MUTED }));
  });

  parts.push(
    `<line x1="${margin}" y1="${height - 56}" x2="${width - margin}" y2="${height - 56}" stroke="${STONE}" stroke-width="1.5"/>`,
  );
  parts.push(text(margin, height - 28, `Sizing questions? ${email}`, { size: 13, fill: MUTED }));
  parts.push(
    text(width - margin, height - 28, `${BRAND.name} · ${BRAND.slogan}`, {
      size: 13,
      fill: MUTED,
      font: DISPLAY,
      anchor: "end",
      spacing: 1,
    }),
  );

  const title = `${BRAND.name} kids size chart`;
  const description =
    "Kids no-gi sizes 6Y to 14Y by age, height, chest and waist, and kids gi sizes M0000 to M4 by age, height and weight.";
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title chart-desc">`,
    `  <title id="chart-title">${escapeXml(title)}</title>`,
    `  <desc id="chart-desc">${escapeXml(description)}</desc>`,
    `  <g>`,
    `    ${parts.join("\n    ")}`,
    `  </g>`,
    `</svg>`,
    ``,
  ].join("\n");
}
