// The security review's edge items against the built server (X-SEC-12, X-SEC-13, X-SEC-14):
// `node server.mjs` started here on a port of its own with a throw-away DATA_DIR and short
// timeouts, talked to over raw sockets, since a well-behaved HTTP client cannot send a bad Host,
// an absolute-form target or a body one byte at a time. Desktop project only: no browser needed.
import net from "node:net";
import { expect, test } from "@playwright/test";
import { type BuiltServer, startBuiltServer } from "./built-server";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 22;
const OWNER = { email: "hardening@griptruth.test", password: "hardening owner password" };

test.describe.configure({ mode: "serial" });

type Server = BuiltServer;

async function startServer(env: Record<string, string>): Promise<Server> {
  const server = await startBuiltServer(env, PORT);
  if (server.child.exitCode !== null) {
    await server.stop();
    throw new Error(`The server did not start:\n${server.output()}`);
  }
  return server;
}

interface RawAnswer {
  /** 0 when the server closed without answering. */
  status: number;
  text: string;
  /** When the answer (or the close) came, from the first byte sent. */
  afterMs: number;
}

/**
 * Writes `parts` to a fresh connection, `gapMs` apart (all at once when 0), and resolves with the
 * status line's code as soon as the answer's headers are in, or when the server closes; gives up
 * after `giveUpMs` (status -1).
 */
function raw(parts: string[], gapMs = 0, giveUpMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    const start = Date.now();
    let text = "";
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ status, text, afterMs: Date.now() - start });
    };
    const statusOf = () => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
    const giveUp = setTimeout(() => finish(-1), giveUpMs);
    socket.on("data", (chunk) => {
      text += String(chunk);
      // Wait for the body too when its length is given, so it can be checked.
      const head = text.indexOf("\r\n\r\n");
      if (head < 0) return;
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text.slice(0, head))?.[1] ?? 0);
      if (text.length - head - 4 >= length) finish(statusOf());
    });
    socket.on("close", () => finish(statusOf()));
    socket.on("error", () => finish(statusOf()));
    socket.on("connect", () => {
      if (gapMs === 0) return void socket.write(parts.join(""));
      let next = 0;
      const send = () => {
        if (next < parts.length && !socket.destroyed) socket.write(parts[next++]!);
      };
      send();
      timer = setInterval(send, gapMs);
    });
  });
}

const get = (target: string, headers: string, method = "GET") =>
  raw([`${method} ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`]);

test.describe("the built server's hardening", () => {
  test.skip(({ isMobile }) => isMobile, "no browser needed: once, in the desktop project");
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({
      PAYMENTS: "sandbox",
      // The test's own connections come through "a proxy" on loopback, so X-Forwarded-Host counts.
      TRUST_PROXY: "loopback",
      REQUEST_TIMEOUT_MS: "1500",
      HEADERS_TIMEOUT_MS: "1000",
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("X-SEC-12: bad Host values, a trusted bad X-Forwarded-Host and non-path request targets are 400, never 500", async () => {
    const bad: [string, Promise<RawAnswer>][] = [
      ["Host: 127.0.0.1:99999", get("/", "Host: 127.0.0.1:99999\r\n")],
      ["Host: a:65536", get("/faq", "Host: a:65536\r\n")],
      ["Host: 127.0.0.1:0", get("/", "Host: 127.0.0.1:0\r\n")],
      ["Host: 1.2.3.4.5", get("/", "Host: 1.2.3.4.5\r\n")],
      ["Host: shop.123", get("/", "Host: shop.123\r\n")],
      [
        "X-Forwarded-Host: evil.test:99999",
        get("/", "Host: localhost\r\nX-Forwarded-Host: evil.test:99999\r\n"),
      ],
      ["GET http://evil.test/faq", get("http://evil.test/faq", "Host: evil.test\r\n")],
      ["OPTIONS *", get("*", "Host: localhost\r\n", "OPTIONS")],
      [
        "POST http://evil.test/api/enquiries",
        get("http://evil.test/api/enquiries", "Host: localhost\r\nContent-Length: 0\r\n", "POST"),
      ],
    ];
    for (const [what, answer] of bad) {
      const { status, text } = await answer;
      expect(status, what).toBe(400);
      expect(text, what).toMatch(/"error":"The (Host header|request target)[^"]+\."/);
    }
    // Good ones still answer.
    expect((await get("/faq", `Host: localhost:${PORT}\r\n`)).status).toBe(200);
    expect((await get("/faq", "Host: 127.0.0.1:8080\r\n")).status).toBe(200);
    expect((await get("/faq", "Host: [::1]:443\r\n")).status).toBe(200);
    expect(server.output()).not.toMatch(/ 500 |failed: |TypeError|Invalid URL/);
  });

  test("X-SEC-14: a body sent a byte at a time is cut off (408 or closed) within a few seconds", async () => {
    const head =
      "POST /api/enquiries HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n";
    const body = Array.from({ length: 200 }, () => "a");
    const answer = await raw([head, ...body], 100);
    expect([408, 0]).toContain(answer.status);
    expect(answer.afterMs).toBeLessThan(5_000);
  });

  test("X-SEC-14: headers sent a line at a time are cut off (408 or closed) within a few seconds", async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `X-Slow-${i}: 1\r\n`);
    const answer = await raw(["GET /faq HTTP/1.1\r\nHost: localhost\r\n", ...lines], 100);
    expect([408, 0]).toContain(answer.status);
    expect(answer.afterMs).toBeLessThan(4_000);
    // The server still serves.
    expect((await get("/faq", "Host: localhost\r\n")).status).toBe(200);
  });

  test("X-SEC-13 X-TRUE-6: a line break in next after a right password is a redirect to the dashboard, and nothing of it is logged", async () => {
    const form = new URLSearchParams({ email: OWNER.email, password: OWNER.password }).toString();
    const answer = await raw([
      `POST /admin/login?next=/admin%0d%0aX-Injected:%201 HTTP/1.1\r\nHost: localhost\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\nConnection: close\r\n\r\n${form}`,
    ]);
    expect(answer.status).toBe(302);
    expect(answer.text).toMatch(/\r\nLocation: \/admin\r\n/i);
    expect(answer.text).not.toMatch(/\r\nX-Injected/i);
    expect(server.output()).not.toContain("X-Injected");
  });

  test("X-SEC-13 (review item 12): a 405 is logged by its status, not as [object Object]", async () => {
    const answer = await get("/api/health", "Host: localhost\r\nContent-Length: 0\r\n", "POST");
    expect(answer.status).toBe(405);
    await expect.poll(() => server.output()).toMatch(/405/);
    expect(server.output()).not.toContain("[object Object]");
  });
});
