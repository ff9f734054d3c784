import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { productPictures } from "./app/catalogue/art/pictures.vite.ts";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), productPictures()],
  resolve: { tsconfigPaths: true },
});
