import path from "node:path";
import { runnerImport, type Plugin } from "vite";
import type * as PictureSet from "./picture-set.server";

/**
 * The build step for product pictures (X-PERF-2): every `react-router build` (npm run build,
 * npm start without a build, the browser tests) draws the catalogue's pictures once, writes them
 * into build/client/assets/pictures/<set>/ and tells both bundles the set's name, so pages link
 * the hashed files (app/catalogue/art/pictures.ts). Development and unit tests draw on request.
 */
export function productPictures(): Plugin {
  let files: PictureSet.PictureFile[] = [];
  return {
    name: "grip-truth:product-pictures",
    apply: "build",
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      // The drawings are app code (TypeScript, ~/ paths): loaded through Vite itself.
      const { module } = await runnerImport<typeof PictureSet>(
        path.join(root, "app/catalogue/art/picture-set.server.ts"),
        { root, configFile: false, resolve: { tsconfigPaths: true }, logLevel: "warn" },
      );
      const pictures = module.drawPictureSet();
      files = pictures.files;
      return { define: { "import.meta.env.PRODUCT_PICTURE_SET": JSON.stringify(pictures.set) } };
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const file of files) {
        this.emitFile({ type: "asset", fileName: file.fileName, source: file.source });
      }
    },
  };
}
