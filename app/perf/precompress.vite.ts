import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { isPrecompressible } from "./precompress.ts";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Every file under a folder, its path relative to the folder. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside a text file, each only when it is the smaller. */
export async function precompressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(source, { level: 9 }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * The build step of app/perf/precompress.ts: after the browser build is written, every text file
 * in its assets folder gets its Brotli and gzip copies (about 3 s of the build on 2 cores).
 */
export function precompressAssets(): Plugin {
  return {
    name: "grip-truth:precompress-assets",
    apply: "build",
    async closeBundle() {
      if (this.environment.name !== "client") return;
      const assets = path.resolve(this.environment.config.build.outDir, "assets");
      const files = (await filesUnder(assets)).filter(isPrecompressible);
      await Promise.all(files.map(precompressFile));
    },
  };
}
