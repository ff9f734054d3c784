import { chmodSync, existsSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import path from "node:path";

/**
 * The running embedded shop's own door for `npm run backup` (issue 40, X-SAFE-1). PGlite is one
 * process: a second one opening DATA_DIR while the shop serves would corrupt it. So the serving
 * shop listens on a Unix socket in DATA_DIR (only the shop's own user can open it, mode 0600),
 * and `npm run backup` asks it there for a backup taken in the shop's own process, while it
 * serves. A shop on PostgreSQL does not need it: the command reads the database itself.
 */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "shop.sock");
}

/** Listens on DATA_DIR/shop.sock: `POST /backup` answers the bytes of `backup()`. */
export async function openControlSocket(
  dataDir: string,
  backup: () => Promise<Buffer>,
): Promise<Server> {
  const file = controlSocketPath(dataDir);
  // One left by a process that was killed: nobody answers on it any more.
  rmSync(file, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    backup().then(
      (data) => {
        res.writeHead(200, { "Content-Type": "application/octet-stream" });
        res.end(data);
      },
      (error: unknown) => {
        res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" });
        res.end(`The backup could not be taken: ${error instanceof Error ? error.message : error}`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return server;
}

/**
 * A backup from the shop serving on DATA_DIR, or null when none answers there (no socket, or one
 * left by a stopped shop): then the command may open DATA_DIR itself.
 */
export function backupFromRunningShop(dataDir: string): Promise<Buffer | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: "/backup", method: "POST" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(body.toString("utf8") || `The shop answered ${res.statusCode}.`));
      });
      res.on("error", reject);
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
    req.end();
  });
}

/** Whether a shop is serving on DATA_DIR (something answers on its socket). */
export function shopServesOn(dataDir: string): Promise<boolean> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = request({ socketPath, path: "/", method: "GET" }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on("error", () => resolve(false));
    req.end();
  });
}
