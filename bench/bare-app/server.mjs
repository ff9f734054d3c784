// Serves the bare app's production build as the React Router docs do: express with compression.
//   node bench/bare-app/server.mjs   (PORT, default 4300; build first: see scripts/bench-floors.mjs)
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(here, "build/server/index.js")).href);
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.get("/favicon.ico", (_request, response) => void response.status(204).end());
app.use(
  "/assets",
  express.static(path.join(here, "build/client/assets"), { immutable: true, maxAge: "1y" }),
);
app.use(express.static(path.join(here, "build/client"), { maxAge: "1h" }));
app.all("/{*splat}", createRequestHandler({ build }));
const port = Number(process.env.PORT ?? 4300);
app.listen(port, "127.0.0.1", () => console.log(`bare app on http://127.0.0.1:${port}`));
