import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ID = /\b[SX]-[A-Z]+-\d+\b/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return /\.(test|spec)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("docs/requirements.md", () => {
  it("lists every requirement ID that a test names, so the repository explains its own IDs", () => {
    const listed = new Set(
      readFileSync("docs/requirements.md", "utf8")
        .split("\n")
        .map((line) => /^- ([SX]-[A-Z]+-\d+) /.exec(line)?.[1])
        .filter(Boolean),
    );
    const named = new Set(
      [...testFiles("app"), ...testFiles("tests")].flatMap((file) =>
        Array.from(readFileSync(file, "utf8").matchAll(ID), (match) => match[0]),
      ),
    );
    expect(named.size).toBeGreaterThan(50);
    expect([...named].filter((id) => !listed.has(id))).toEqual([]);
  });
});
