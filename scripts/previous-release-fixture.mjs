// node scripts/previous-release-fixture.mjs <commit> [worktree]
// Makes tests/fixtures/previous-release.backup BY the previous release: a git worktree of
// <commit> (node_modules linked from this checkout's), where that release's own Vitest runs
// scripts/fixtures/previous-release-fill.test.ts on PostgreSQL (TEST_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test). Each round runs it with its predecessor's commit
// and commits the new fixture (docs/operations.md, "Upgrades").
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [commit, dir = path.join(root, "..", `grip-truth-previous-${commit}`)] =
  process.argv.slice(2);
if (!commit) {
  console.error(
    "Usage: node scripts/previous-release-fixture.mjs <commit of the previous release> [worktree]",
  );
  process.exit(2);
}
const run = (cmd, args, options = {}) => execFileSync(cmd, args, { stdio: "inherit", ...options });
if (!existsSync(dir)) run("git", ["worktree", "add", "--detach", dir, commit], { cwd: root });
if (!existsSync(path.join(dir, "node_modules")))
  run("cp", ["-al", path.join(root, "node_modules"), dir]);
const fill = path.join(dir, "tests", "data", "zz-previous-release-fill.test.ts");
copyFileSync(path.join(root, "scripts", "fixtures", "previous-release-fill.test.ts"), fill);
mkdirSync(path.join(root, "tests", "fixtures"), { recursive: true });
const out = path.join(root, "tests", "fixtures", "previous-release.backup");
run("npx", ["vitest", "run", "--project", "data", fill], {
  cwd: dir,
  env: {
    ...process.env,
    TEST_DB_DRIVER: "postgres",
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    DATABASE_URL: "",
    FIXTURE_OUT: out,
  },
});
console.log(`Wrote ${path.relative(root, out)} from ${commit}.`);
