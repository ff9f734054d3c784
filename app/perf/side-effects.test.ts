import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The shop's own modules under app/, as the browser build sees them (vite.config.ts). */
function shopModules(dir = "app"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return shopModules(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("issue 51 item 5: the browser build may drop a shop module nothing reads", () => {
  it("no shop module is imported for its effects alone (vite.config.ts declares them effect-free)", () => {
    const bare = shopModules().flatMap((file) =>
      (readFileSync(file, "utf8").match(/^import\s+["'][^"']+["'];?$/gm) ?? [])
        .filter((line) => !/\.css["']/.test(line))
        .map((line) => `${file}: ${line}`),
    );
    expect(bare).toEqual([]);
  });
});
