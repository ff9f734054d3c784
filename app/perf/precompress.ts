/**
 * The browser's files compressed once, at build time, instead of on every request (issue 51):
 * Brotli at its best quality and gzip at level 9 sit beside each text file of
 * build/client/assets. app/perf/precompress.vite.ts writes them; app/perf/precompressed.server.ts
 * serves them. Compressing per request cost the shop 12 ms (gzip) to 50 ms (Brotli, at the low
 * quality a per-request compressor can afford) of its one thread for the every-page script file,
 * and that Brotli was no smaller than gzip; Brotli at quality 11 is 14% smaller.
 */

/** Text files, the kinds worth compressing; fonts and raster images are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = [".js", ".css", ".svg", ".json", ".txt", ".xml"];

/** Each coding with the suffix of its file, in the order the server prefers them. */
export const PRECOMPRESSED_CODINGS = [
  { coding: "br", suffix: ".br" },
  { coding: "gzip", suffix: ".gz" },
] as const;

export type PrecompressedCoding = (typeof PRECOMPRESSED_CODINGS)[number]["coding"];

export function isPrecompressible(fileName: string): boolean {
  return PRECOMPRESSED_EXTENSIONS.some((extension) => fileName.endsWith(extension));
}
