// `npm test`: the stages in order, each as its own `npm run`, stopping at the first that fails
// (with its exit code): lint and typecheck first, so CI (`.ci/run`) fails on an ESLint, Prettier,
// import-rule or `tsc` error before any test runs, then the six test stages (test:speed last: it uses the build test:e2e made). At the end, passed
// or not, a table of how long each stage took.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import "./check-node.mjs";

const STAGES = [
  "lint",
  "typecheck",
  "test:unit",
  "test:data",
  "test:scale",
  "test:faults",
  "test:e2e",
  "test:speed",
];

// The npm that started this script (npm sets npm_execpath), on the same Node; plain `npm` otherwise.
const npm = process.env.npm_execpath
  ? { command: process.execPath, args: [process.env.npm_execpath] }
  : { command: process.platform === "win32" ? "npm.cmd" : "npm", args: [] };

let child;
// Ctrl-C reaches the stage too (same process group): wait for it to stop, then print the table.
process.on("SIGINT", () => undefined);
process.on("SIGTERM", () => child?.kill("SIGTERM"));

/** Runs one stage with this terminal; answers its exit code (128 + n when killed by signal n). */
function run(stage) {
  return new Promise((resolve) => {
    child = spawn(npm.command, [...npm.args, "run", stage], { stdio: "inherit" });
    child.on("error", (error) => {
      console.error(`${stage} could not be started: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => {
      resolve(code ?? 128 + (constants.signals[signal] ?? 0));
    });
  });
}

const results = [];
let exitCode = 0;
const started = performance.now();
for (const stage of STAGES) {
  const stageStarted = performance.now();
  const code = await run(stage);
  results.push({ stage, seconds: (performance.now() - stageStarted) / 1000, code });
  if (code !== 0) {
    exitCode = code;
    break;
  }
}
const total = (performance.now() - started) / 1000;

const width = Math.max(...STAGES.map((stage) => stage.length), "Total".length);
const row = (name, seconds, outcome) => `${name.padEnd(width)}  ${seconds.padStart(8)}  ${outcome}`;
const lines = [row("Stage", "Seconds", "Outcome")];
for (const stage of STAGES) {
  const result = results.find((r) => r.stage === stage);
  if (!result) lines.push(row(stage, "-", "not run"));
  else {
    const outcome = result.code === 0 ? "passed" : `failed (exit code ${result.code})`;
    lines.push(row(stage, result.seconds.toFixed(1), outcome));
  }
}
lines.push(row("Total", total.toFixed(1), exitCode === 0 ? "passed" : "failed"));
console.log(`\n── Test stages ──\n${lines.join("\n")}`);
process.exit(exitCode);
