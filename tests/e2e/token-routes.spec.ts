// Issue 50, findings 5 and 8 (X-SEC-27) against the built server (`node server.mjs`): every token
// route of app/shared/tokens.ts answers 404 to a token outside its pattern, for any method; a
// token never reaches the log, a refused request is logged at info; any method Node accepts
// beyond the usual ones is one `OTHER` series in http_requests_total. Desktop project only: no
// browser needed.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { TOKEN_ROUTES } from "../../app/shared/tokens";
import { type BuiltServer, startBuiltServer } from "./built-server";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 26;
const METRICS = "e2e-token-routes-metrics-0123456789";

function send(method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        method,
        path,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += String(chunk)));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(method === "POST" ? "confirm=1" : undefined);
  });
}

/** Percent-encoded tokens no route makes: a NUL, a raw or encoded "%", a space, "é", too long. */
const BAD = ["%00", "a%00b", "%25", "a%20b", "%C3%A9", "x".repeat(300), "%2e%2e"];

/** A route's URL with `bad` in place of token `which`, every other parameter plain. */
function urlWith(route: (typeof TOKEN_ROUTES)[number], which: string, bad: string): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) =>
    name === which ? bad : "some-slug",
  );
  return route.query?.[which] ? `${path}?${which}=${bad}` : path;
}

test.describe("token routes at the edge", () => {
  test.skip(({ isMobile }) => isMobile, "no browser needed: once, in the desktop project");
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let server: BuiltServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startBuiltServer({ PAYMENTS: "sandbox", METRICS_TOKEN: METRICS }, PORT);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("X-SEC-27: every token route answers 404 to a NUL or any other character outside its pattern, for GET, POST and DELETE, and the server logs no error", async () => {
    // The review's two: a 500 on both databases before.
    expect((await send("GET", "/stock-alerts/confirm/%00")).status).toBe(404);
    expect((await send("POST", "/stock-alerts/unsubscribe/%00")).status).toBe(404);
    const before = server.output().length;
    let walked = 0;
    for (const route of TOKEN_ROUTES) {
      const names = [...Object.keys(route.params ?? {}), ...Object.keys(route.query ?? {})];
      for (const name of names) {
        for (const bad of BAD) {
          for (const method of ["GET", "POST", "DELETE"]) {
            const url = urlWith(route, name, bad);
            expect((await send(method, url)).status, `${method} ${url}`).toBe(404);
            walked++;
          }
        }
      }
    }
    expect(walked).toBeGreaterThanOrEqual(TOKEN_ROUTES.length * BAD.length * 3);
    const lines = server.output().slice(before).split("\n").filter(Boolean);
    const levels = lines.map((line) => (JSON.parse(line) as { level: string }).level);
    expect(
      levels.filter((level) => level === "error" || level === "fatal"),
      lines.join("\n"),
    ).toEqual([]);
  });

  test("X-SEC-27: a refused request with a well-formed token is logged at info, with the route's pattern, never the token", async () => {
    const token = randomBytes(24).toString("base64url");
    const before = server.output().length;
    for (const [method, path] of [
      ["DELETE", `/stock-alerts/confirm/${token}`],
      ["PUT", `/stock-alerts/unsubscribe/${token}`],
      ["DELETE", `/admin/set-password/${randomBytes(32).toString("base64url")}`],
      // A page without an action: React Router's own 405, a line at info.
      ["DELETE", `/order-confirmation?session_id=cs_test_${token}`],
    ] as const) {
      expect((await send(method, path)).status, `${method} ${path}`).toBe(405);
    }
    await expect
      .poll(() => server.output().slice(before).includes("/stock-alerts/confirm/:token"))
      .toBe(true);
    await expect
      .poll(() =>
        server.output().slice(before).includes("DELETE /order-confirmation refused: a 405 answer"),
      )
      .toBe(true);
    const lines = server.output().slice(before).split("\n").filter(Boolean);
    expect(lines.join("\n")).not.toContain(token);
    for (const line of lines) {
      expect((JSON.parse(line) as { level: string }).level, line).toBe("info");
    }
  });

  test("X-SEC-27: methods beyond the usual ones count as one OTHER series in http_requests_total", async () => {
    for (const method of ["PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH", "REPORT"]) {
      await send(method, "/");
    }
    const metrics = await fetch(`http://127.0.0.1:${PORT}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS}` },
    });
    const text = await metrics.text();
    const methods = new Set(
      [...text.matchAll(/^http_requests_total\{method="([^"]+)"/gm)].map((match) => match[1]),
    );
    expect(methods.has("OTHER")).toBe(true);
    for (const method of methods) {
      expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "OTHER"]).toContain(
        method,
      );
    }
  });
});
