import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every test and spec file of the repository, by its name. */
function testFiles(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [name, at] of testFiles(file)) found.set(name, at);
    else if (/\.(test|spec)\.tsx?$/.test(entry.name)) found.set(entry.name, file);
  }
  return found;
}

/** The "Held by" cell (the last) of each promise row in docs/accessibility.md's tables. */
function heldBy(doc: string): { promise: string; held: string }[] {
  return doc
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*-/.test(line))
    .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()))
    .map((cells) => ({ promise: cells[1] ?? "", held: cells[cells.length - 2] ?? "" }))
    .filter((row) => row.held !== "Held by");
}

describe("docs/accessibility.md (X-A11Y-11)", () => {
  const doc = readFileSync("docs/accessibility.md", "utf8");
  const files = new Map([...testFiles("app"), ...testFiles("tests")]);

  it("X-A11Y-11 (issue 56): every promise names a test file that exists, and each test it quotes is in one of them", () => {
    const rows = heldBy(doc);
    expect(rows.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const { promise, held } of rows) {
      const named = Array.from(held.matchAll(/`([\w./-]+\.(?:test|spec)\.tsx?)`/g), (m) => m[1]!);
      if (!named.length) wrong.push(`no test file for: ${promise.slice(0, 60)}`);
      const sources = named.map((name) => {
        const file = files.get(path.basename(name));
        if (!file) wrong.push(`no such test file: ${name}`);
        return file ? readFileSync(file, "utf8") : "";
      });
      // A quoted title ("… the found order fits 320 px", "Remove in the cart drawer …") is
      // found, without its ellipses, in one of the files the row names.
      for (const [, quoted] of held.matchAll(/"([^"]+)"/g)) {
        const title = quoted!.replace(/^…\s*|\s*…$/g, "").trim();
        if (!sources.some((source) => source.includes(title))) {
          wrong.push(`"${title}" is in none of ${named.join(", ")}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("X-A11Y-11 (issue 56): the claim is WCAG 2.2 level AA, and each X-A11Y requirement it cites is listed", () => {
    expect(doc).toContain("**WCAG 2.2 level AA**");
    const listed = readFileSync("docs/requirements.md", "utf8");
    for (const [id] of doc.matchAll(/X-A11Y-\d+/g)) expect(listed).toContain(`- ${id} `);
  });
});
