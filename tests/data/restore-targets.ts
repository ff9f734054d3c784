// Empty databases to restore into (backup-restore.test.ts, upgrade.test.ts), and calls to a
// shop other than the file's own: PGlite in a folder of its own, or a database of its own on the
// tests' PostgreSQL server (dropped after the file).
import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { loginForm, OWNER } from "./admin-fixtures";
import { action as loginAction } from "~/routes/admin.login";
import { requestContext, type Shop } from "~/server/shop.server";

const adminUrl = process.env.TEST_DATABASE_URL;
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** Whether the tests have a PostgreSQL server to restore into. */
export const postgresAvailable = Boolean(adminUrl);

/** Settings for an empty database on `driver` (PGlite under `folder`). */
export async function emptyDatabase(
  driver: "pglite" | "postgres",
  folder: string,
): Promise<Record<string, string>> {
  if (driver === "pglite") return { DATA_DIR: path.join(folder, `pglite-${randomUUID().slice(0, 8)}`) };
  const name = `grip_truth_restore_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  drops.push(async () => {
    const drop = new pg.Client({ connectionString: adminUrl });
    await drop.connect();
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await drop.end();
  });
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return { DATA_DIR: path.join(folder, `pg-${name}`), DATABASE_URL: url.toString() };
}

/** Calls a route's loader or action on `shop`, as React Router would. */
export async function callOn(
  shop: Shop,
  handler: unknown,
  url: string,
  init: RequestInit = {},
  params: Record<string, string> = {},
): Promise<Response> {
  const request = new Request(new URL(url, "http://shop.test"), init);
  try {
    const result = await (handler as (args: unknown) => Promise<unknown>)({
      request,
      params,
      context: requestContext(shop),
    });
    return result instanceof Response ? result : Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Signs the tests' owner in on `shop`; the cookie to send back. */
export async function ownerCookieOn(shop: Shop): Promise<string> {
  const login = await callOn(shop, loginAction, "/admin/login", {
    method: "POST",
    body: loginForm(OWNER.email, OWNER.password),
    headers: { "x-client-address": "203.0.113.19" },
  });
  if (login.status !== 302) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  return login.headers.get("set-cookie")!.split(";")[0]!;
}
