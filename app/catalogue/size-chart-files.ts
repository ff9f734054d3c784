/**
 * Where the printable kids chart is served (routes/download.kids-size-chart.ts), in a module of
 * its own: a kids collection page links it without carrying the charts (issue 51 item 5).
 */
export const KIDS_SIZE_CHART_URL = "/downloads/kids-size-chart.svg";
export const KIDS_SIZE_CHART_FILENAME = "grip-truth-kids-size-chart.svg";
