import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Vite and React Router as they come: no chunking of our own, no styles.
export default defineConfig({ plugins: [reactRouter()] });
