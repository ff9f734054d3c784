import { readFileSync } from "node:fs";
import { parseEnv as parseDotEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { envSchema } from "~/shared/settings";
import { parseEnv } from "./env.server";

// Every setting the configuration schema reads is documented twice: in `.env.example` (its
// default, with a one-line comment) and in the README's "Configuration" table. These tests fail
// when a setting is added to, renamed in or dropped from the schema without both following.

const settings = Object.keys(envSchema.shape).sort();
const exampleText = readFileSync(".env.example", "utf8");
/** `.env.example` as `npm start` reads a `.env` (process.loadEnvFile: the same parser). */
const example = parseDotEnv(exampleText);

/** The README's "Configuration" table: each row's first cell names its settings in backticks. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("\n## Configuration\n");
  expect(start, "README.md has a Configuration section").toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  const rows = new Map<string, string>();
  for (const line of readme.slice(start, end === -1 ? undefined : end).split("\n")) {
    if (!line.startsWith("|")) continue;
    const [name = "", defaultCell = ""] = line.split("|").slice(1);
    for (const match of name.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) rows.set(match[1]!, defaultCell);
  }
  return rows;
}

describe("configuration: every setting is documented", () => {
  it("reads the schema's settings (about 49)", () => {
    expect(settings.length).toBeGreaterThan(40);
  });

  it(".env.example lists exactly the schema's settings", () => {
    expect(Object.keys(example).sort()).toEqual(settings);
  });

  it(".env.example gives each setting a one-line comment right above it", () => {
    const lines = exampleText.split("\n");
    const uncommented = settings.filter((key) => {
      const at = lines.findIndex((line) => line.startsWith(`${key}=`));
      return at < 1 || !/^# \S/.test(lines[at - 1]!);
    });
    expect(uncommented).toEqual([]);
  });

  it(".env.example's values are the defaults: a copy of it as .env changes nothing", () => {
    expect(parseEnv(example)).toEqual(parseEnv({}));
  });

  it("the README's Configuration table lists exactly the schema's settings", () => {
    expect([...readmeTable().keys()].sort()).toEqual(settings);
  });

  it("the README's table quotes the same default as .env.example", () => {
    const table = readmeTable();
    const different = settings.filter(
      (key) => example[key] && !table.get(key)?.includes(`\`${example[key]}\``),
    );
    expect(different).toEqual([]);
  });
});
