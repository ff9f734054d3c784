// Starts `node server.mjs` (the production build) on a port of its own with a throw-away
// DATA_DIR, for the specs that talk to the HTTP edge directly (server-edge, server-hardening).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface BuiltServer {
  child: ChildProcess;
  port: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** Resolves once the server says it is serving, or has exited (a refused configuration). */
export async function startBuiltServer(
  env: Record<string, string>,
  port: number,
): Promise<BuiltServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "grip-truth-edge-"));
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { PATH: process.env.PATH ?? "", PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!output.includes("is serving on")) {
    if (child.exitCode !== null) break;
    if (Date.now() - started > 60_000) {
      await stop();
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, output: () => output, stop };
}
