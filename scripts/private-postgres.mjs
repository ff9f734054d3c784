// A PostgreSQL server of a test script's own (test:scale, test:faults): initdb and pg_ctl in a
// temporary directory on a port of its own, never the machine's shared server, so a script may
// stop, kill and restart it. One place for finding the binaries, running them as the postgres
// user when the script runs as root, and making the `shop` database.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

function findPgBin() {
  const candidates = [];
  if (existsSync("/usr/lib/postgresql")) {
    for (const version of readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join("/usr/lib/postgresql", version, "bin"));
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) candidates.push(dir);
  return candidates.find(
    (dir) => dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")),
  );
}

/**
 * The binaries' folder, or the end of the script: without them it skips (exit 0), except in CI
 * (CI=true), where that is a failure.
 */
export function requirePgBin(script) {
  const pgBin = findPgBin();
  if (pgBin) return pgBin;
  const message = `${script} needs the PostgreSQL server binaries (initdb, pg_ctl).`;
  if (process.env.CI === "true") {
    console.error(`${message} In CI they are required.`);
    process.exit(1);
  }
  console.log(`${message} Skipped: none found in /usr/lib/postgresql/*/bin or on PATH.`);
  process.exit(0);
}

/**
 * A private server in a new temporary folder (`work`, which also holds the shop's DATA_DIR at
 * `work/shop`). Nothing runs until `create()`; `remove()` stops it, if running, and deletes the
 * folder.
 */
export function privatePostgres(script, port, { maxConnections }) {
  const pgBin = requirePgBin(script);
  const work = mkdtempSync(path.join(os.tmpdir(), `grip-truth-${script.replace("test:", "")}-`));
  const pgData = path.join(work, "pg");
  const log = path.join(work, "postgres.log");
  const asRoot = process.getuid?.() === 0;
  const options = `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c max_connections=${maxConnections} -c fsync=off`;

  function run(command, args) {
    const full = path.join(pgBin, command);
    // PostgreSQL refuses to run as root: the server belongs to the postgres user then.
    const [bin, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", full, ...args]]
      : [full, args];
    const result = spawnSync(bin, argv, { encoding: "utf8" });
    if (result.status !== 0)
      throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  }
  const start = () =>
    run("pg_ctl", ["start", "-w", "-t", "60", "-D", pgData, "-l", log, "-o", options]);
  const stop = (mode = "fast") => run("pg_ctl", ["stop", "-w", "-m", mode, "-D", pgData]);
  const restart = (mode = "fast") =>
    run("pg_ctl", [
      "restart",
      "-w",
      "-t",
      "60",
      "-m",
      mode,
      "-D",
      pgData,
      "-l",
      log,
      "-o",
      options,
    ]);

  return {
    work,
    dataDir: path.join(work, "shop"),
    url: `postgres://postgres@127.0.0.1:${port}/shop`,
    start,
    stop,
    restart,
    /** initdb, start, and an empty `shop` database. */
    async create() {
      if (asRoot) {
        const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
        const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
        chownSync(work, Number(uid.stdout), Number(gid.stdout));
      }
      run("initdb", ["-D", pgData, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
      start();
      const setup = new pg.Client({
        connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      });
      await setup.connect();
      await setup.query("CREATE DATABASE shop");
      await setup.end();
    },
    remove() {
      try {
        stop("immediate");
      } catch {
        // not running
      }
      rmSync(work, { recursive: true, force: true });
    },
  };
}
