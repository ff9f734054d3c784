// Redis stopped under the shop (issue 40 item 4): a private redis-server this file starts and
// stops itself; while it is away the limits are counted in the database (never switched off),
// and Redis counts again once it is back. Needs the redis-server binary (Debian's redis-server).
import { type ChildProcess, spawn } from "node:child_process";
import { createConnection } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { roomInWindow } from "./helpers";
import { testDb, theShop } from "./shop";
import { createRateLimitStore } from "~/security/rate-limit-stores.server";
import { takeRateLimit } from "~/security/rate-limit.server";
import { parseEnv } from "~/server/env.server";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
// One port per driver run, in the range this project's fault tests use (6380-6382).
const port = driver === "postgres" ? 6381 : 6380;
let server: ChildProcess | undefined;

const answers = (wanted: boolean) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
  }).then((up) => up === wanted);

async function until(test: () => Promise<boolean>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startRedis() {
  server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  await until(() => answers(true), "redis-server to answer");
}

async function stopRedis() {
  const stopping = server;
  server = undefined;
  if (!stopping || stopping.exitCode !== null) return;
  const exited = new Promise((resolve) => stopping.once("exit", resolve));
  stopping.kill("SIGTERM");
  await exited;
  await until(() => answers(false), "redis-server to stop");
}

afterAll(stopRedis);

describe(`Redis stopped (${driver})`, () => {
  it("X-SAFE-4: while Redis is stopped the limits are counted in the database and still refuse; Redis counts again when it is back", async () => {
    await startRedis();
    const db = await testDb();
    const settings = parseEnv({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `safety-${driver}:` });
    const logged: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
    const { clock } = theShop();
    const { store, close } = createRateLimitStore(db, settings, clock);
    const rule = {
      name: `fault-${Date.now()}`,
      windowMs: 3_600_000,
      limit: 3, message: "Too many tries: wait {seconds} seconds." };
    const take = (address: string) => takeRateLimit(rule, address, store, settings, clock.now().getTime());
    const countsIn = async () =>
      ((await db.execute(
        sql.raw(`SELECT coalesce(sum(count), 0)::int AS n FROM rate_limit_hits WHERE key LIKE '${rule.name}%'`),
      )) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    // The test stays inside one window of the rule (windows start on the hour).
    await roomInWindow(rule.windowMs, 60_000);
    try {
      // The store's first connection to Redis may take longer than its answer time on a busy
      // machine: warm it up under another rule until it counts in Redis, then start clean.
      const warm = { ...rule, name: `warm-${rule.name}` };
      await until(async () => {
        await takeRateLimit(warm, "192.0.2.9", store, settings, clock.now().getTime());
        return !(store as { fallingBack?: boolean }).fallingBack;
      }, "the store to count in Redis");
      logged.length = 0;
      // Redis up: counted there, nothing in the database.
      expect((await Promise.all([1, 2, 3, 4].map(() => take("192.0.2.10")))).map((d) => d.ok).sort()).toEqual([
        false,
        true,
        true,
        true,
      ]);
      expect(await countsIn()).toBe(0);

      // Redis stopped: each hit answers within a second or so from the database, and the 4th is refused.
      await stopRedis();
      const started = Date.now();
      const during = [];
      for (let n = 0; n < 4; n++) during.push(await take("192.0.2.11"));
      expect(during.map((d) => d.ok)).toEqual([true, true, true, false]);
      expect(during[3]!.ok ? "" : during[3]!.message).toMatch(/^Too many tries: wait \d+ seconds\.$/);
      expect(Date.now() - started).toBeLessThan(4 * 2_500);
      expect(await countsIn()).toBe(4);
      expect(logged.filter((line) => line.includes("counted in the database until it does"))).toHaveLength(1);

      // Redis back: counted there again (the database's count does not move).
      await startRedis();
      await until(async () => {
        await take(`192.0.2.${20 + Math.floor(Math.random() * 200)}`);
        return logged.some((line) => line.includes("Redis answers again"));
      }, "the shop to use Redis again");
      const before = await countsIn();
      expect((await take("192.0.2.12")).ok).toBe(true);
      expect(await countsIn()).toBe(before);
    } finally {
      console.error = original;
      await close();
    }
  }, 60_000);
});
