import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { dbContext, settingsContext } from "~/db/context.server";
import { parseEnv } from "~/server/env.server";
import { endpoint, PROBLEM_STATUS, readLimited, refuse, success } from "./edge.server";
import { created, problem, PROBLEM_KINDS, ProblemError } from "~/shared/problems";
import { logError, redact } from "./log.server";

const ROUTES = path.resolve(__dirname, "../routes");

/** The request context as the root middleware makes it; these checks never reach the database. */
function context() {
  const provider = new RouterContextProvider();
  provider.set(dbContext, {} as Database);
  provider.set(settingsContext, parseEnv({}));
  return provider;
}

describe("the edge", () => {
  it("X-SEC-2 X-SEC-3: every route that takes writes declares its needs to the edge", () => {
    // A route with an action that does not go through endpoint()/pageEndpoint() fails here, so a
    // new route cannot forget the origin check, body limit or rate limit.
    const offenders: string[] = [];
    const files = readdirSync(ROUTES, { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const source = readFileSync(path.join(ROUTES, file), "utf8");
      if (!/export (async )?(function|const) action\b/.test(source)) continue;
      if (/export const action = (endpoint|pageEndpoint)\(/.test(source)) continue;
      // Or an action that only hands the request to such handlers of the same file (by the
      // kind of body, X-PHOTO-1): each one it calls must itself be an endpoint.
      const dispatch = /export function action\(args[^)]*\)[^{]*\{([\s\S]*?)\n\}/.exec(source);
      const called = dispatch ? [...dispatch[1]!.matchAll(/(\w+)\(args\)/g)].map((m) => m[1]!) : [];
      const allEndpoints =
        called.length > 0 &&
        !/\b(db|body|request\.(json|formData|text))\b/.test(
          dispatch![1]!.replace(/request\.headers/g, ""),
        ) &&
        called.every((name) =>
          new RegExp(`const ${name} = (endpoint|pageEndpoint)\\(`).test(source),
        );
      if (!allEndpoints) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it("X-SEC-2: a chunked body is cut off at the limit while it streams", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://shop.test/x", {
      method: "POST",
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(await readLimited(request, 4096)).toEqual({ ok: false, tooLarge: true });
    expect(pulled).toBeLessThan(10);
  });

  it("X-SEC-3: turns outcomes into JSON answers; refuses wrong methods, origins and media types", async () => {
    const action = endpoint(
      { sameOrigin: true, body: { kind: "json", limit: 100 }, noStore: true },
      async ({ body }) =>
        body && typeof body === "object" ? success({ got: body }, 201) : refuse(400, "No."),
    );
    const post = (init: RequestInit) =>
      action({
        request: new Request("http://shop.test/x", { method: "POST", ...init }),
        context: context(),
      });
    const ok = await post({ headers: { "content-type": "application/json" }, body: "{}" });
    expect([ok.status, await ok.json(), ok.headers.get("cache-control")]).toEqual([
      201,
      { got: {} },
      "no-store",
    ]);
    const cases: [RequestInit, number][] = [
      [{ headers: { "content-type": "application/json" }, body: "null" }, 400],
      [{ headers: { "content-type": "application/json" }, body: "{oops" }, 400],
      [{ headers: { "content-type": "application/json" }, body: '"\\ud800"' }, 400],
      [{ headers: { "content-type": "text/plain" }, body: "{}" }, 415],
      [{ body: "{}" }, 415],
      [{ headers: { "content-type": "application/json" }, body: "x".repeat(101) }, 413],
      [{ headers: { "content-type": "application/json", origin: "https://evil.example" } }, 403],
    ];
    for (const [init, status] of cases) {
      const answer = await post(init);
      expect(answer.status).toBe(status);
      expect(await answer.json()).toEqual({ error: expect.any(String) });
    }
    const get = await action({
      request: new Request("http://shop.test/x", { method: "PUT" }),
      context: context(),
    });
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
  });
});

describe("logs", () => {
  it("X-SEC-3: logged errors carry no e-mails, phone numbers, rows or query parameters", () => {
    expect(redact("insert failed for ana.silva@example.com, tel +44 7700 900123")).toBe(
      "insert failed for [e-mail], tel [number]",
    );
    const lines: string[] = [];
    const original = console.error;
    console.error = (line: string) => lines.push(line);
    try {
      const error = Object.assign(
        new Error(
          'Failed query: insert into "orders" ("customer_email") values ($1) params: ana@example.com,1 Beach Road',
        ),
        {
          cause: Object.assign(new Error("violates check"), {
            code: "23514",
            detail: "Failing row contains (ana@example.com)",
          }),
        },
      );
      logError("Could not store", error);
    } finally {
      console.error = original;
    }
    expect(lines.join("\n")).not.toMatch(/ana@example\.com|Beach Road|Failing row/);
    expect(lines.join("\n")).toContain("23514");
  });

  it("issue 34: one table answers returned and thrown problems with their status, body and headers", async () => {
    // Every kind the shop names has its status.
    expect(Object.keys(PROBLEM_STATUS).sort()).toEqual([...PROBLEM_KINDS].sort());
    const needs = { sameOrigin: false, body: { kind: "none" } } as const;
    const call = (handle: Parameters<typeof endpoint>[1]) =>
      endpoint(
        needs,
        handle,
      )({ request: new Request("http://shop.test/x", { method: "POST" }), context: context() });

    const returned = await call(async () =>
      problem("rate_limited", "Too many tries.", {
        retryAfter: 30,
        extra: { fieldErrors: { a: "b" } },
      }),
    );
    expect(returned.status).toBe(429);
    expect(returned.headers.get("Retry-After")).toBe("30");
    expect(await returned.json()).toEqual({ fieldErrors: { a: "b" }, error: "Too many tries." });

    const thrown = await call(async () => {
      throw new ProblemError("out_of_stock", "Only 2 left.", { extra: { lineIndex: 1 } });
    });
    expect(thrown.status).toBe(409);
    expect(thrown.headers.get("Retry-After")).toBeNull();
    expect(await thrown.json()).toEqual({ lineIndex: 1, error: "Only 2 left." });

    const made = await call(async () => created({ id: 7 }));
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ id: 7 });

    // Anything else thrown is not a problem: it still escapes to the server's error handler.
    await expect(call(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
