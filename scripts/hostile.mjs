// `npm run test:hostile`: the outside security review's requests, repeated against the built
// shop on loopback (X-SEC-9..21). It starts `node server.mjs` on a port of its own with a
// throw-away DATA_DIR, sends a bounded set of hostile requests (about 1,000, each with a time
// limit), and fails on any 5xx, on a limit that did not hold, or on memory that grew and stayed
// up after eight parallel 40-megapixel uploads. Never any address but 127.0.0.1: the shop trusts
// loopback as its proxy, so `X-Forwarded-For` stands for other visitors. When the shop cannot
// start (a port in use, no build), it prints why and exits non-zero.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import "./check-node.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (!existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const PORT = Number(process.env.HOSTILE_PORT ?? 4377);
const BASE = `http://127.0.0.1:${PORT}`;
const OWNER = { email: "hostile@griptruth.test", password: "hostile run owner password" };
const dataDir = mkdtempSync(path.join(os.tmpdir(), "grip-truth-hostile-"));
const child = spawn(process.execPath, ["server.mjs"], {
  env: {
    PATH: process.env.PATH ?? "",
    PORT: String(PORT),
    DATA_DIR: dataDir,
    PAYMENTS: "sandbox",
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    UPLOAD_RATE_LIMIT: "100",
    TRUST_PROXY: "loopback",
    STOCK_SEED_FILE: path.resolve("tests/e2e/stock-seed.json"),
  },
  stdio: ["ignore", "pipe", "pipe"],
});
let log = "";
child.stdout.on("data", (chunk) => (log += chunk));
child.stderr.on("data", (chunk) => (log += chunk));
let spawnError;
child.on("error", (error) => (spawnError = error));
/** Whether the shop's process has ended (it exited, was killed, or never started). */
const ended = () =>
  child.exitCode !== null || child.signalCode !== null || spawnError !== undefined;

const problems = [];
const statuses = new Map();
let sent = 0;
const count = (status) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

async function request(pathname, init = {}) {
  sent += 1;
  const response = await fetch(`${BASE}${pathname}`, {
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
    ...init,
    headers: { origin: BASE, ...init.headers },
  });
  count(response.status);
  if (response.status >= 500 && response.status !== 503) {
    problems.push(`${init.method ?? "GET"} ${pathname}: ${response.status}`);
  }
  return response;
}

/** One raw request over a socket; resolves with the status code (0: closed unanswered). */
function raw(text, giveUpMs = 5_000) {
  sent += 1;
  return new Promise((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let answer = "";
    let answered = false;
    const done = (status) => {
      if (answered) return;
      answered = true;
      socket.destroy();
      count(status);
      if (status >= 500) problems.push(`raw ${JSON.stringify(text.split("\r\n")[0])}: ${status}`);
      resolve(status);
    };
    const timer = setTimeout(() => done(-1), giveUpMs);
    socket.on("data", (chunk) => {
      answer += chunk;
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    socket.on("close", () => {
      clearTimeout(timer);
      done(0);
    });
    socket.on("error", () => undefined);
    socket.write(text);
  });
}

function rssMb() {
  const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const login = (email, password, next = "") =>
  request(`/admin/login${next}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }).toString(),
  });

const checkout = (cartItems) =>
  request("/api/create-checkout-session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cartItems }),
  });

function expectThat(ok, what) {
  console.log(`${ok ? "  ok  " : "  FAIL"} ${what}`);
  if (!ok) problems.push(what);
}

try {
  const started = Date.now();
  for (;;) {
    if (log.includes("is serving on")) break;
    if (ended() || Date.now() - started > 120_000) {
      throw new Error(
        `The shop did not start${spawnError ? ` (${spawnError.message})` : ""}:\n${log}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`Hostile run against ${BASE} (PGlite, one process)`);

  // X-SEC-13 (first, while the owner may still sign in): a redirect target carrying a header.
  const injected = await login(OWNER.email, OWNER.password, "?next=/admin%0d%0aX-Injected:%201");
  expectThat(
    injected.status < 500 && !injected.headers.has("x-injected"),
    `next with CR LF: ${injected.status}, no injected header`,
  );
  expectThat(!log.includes("X-Injected"), "the injected text is not in the log");
  // That sign-in's session, for the owner's pages below (the lock-out that follows ends no session).
  const ownerCookie = (injected.headers.getSetCookie?.() ?? [])
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

  // X-SEC-9: 30 wrong passwords for one account at once, then the right one.
  const guesses = await Promise.all(
    Array.from({ length: 30 }, () => login(OWNER.email, "wrong password, guessing")),
  );
  const checked = guesses.filter((r) => r.status === 401 || r.status === 200).length;
  expectThat(checked <= 5, `30 parallel wrong passwords: ${checked} checked (at most 5)`);
  const right = await login(OWNER.email, OWNER.password);
  expectThat(right.status !== 302, `the right password after them is refused (${right.status})`);

  // X-SEC-10: 40 sign-ins at once with different e-mails from one address.
  const before = Date.now();
  const spray = await Promise.all(
    Array.from({ length: 40 }, (_, i) => login(`spray${i}@example.com`, "a password of sorts")),
  );
  const refused = spray.filter((r) => r.status === 429 || r.status === 503).length;
  const health = await request("/api/health");
  expectThat(refused >= 30, `40 parallel sign-ins, different e-mails: ${refused} refused`);
  expectThat(health.ok, `/api/health during them: ${health.status} in ${Date.now() - before} ms`);

  // X-SEC-11: all the stock of a stocked variant, and unpaid checkouts from one address.
  const seed = JSON.parse(readFileSync("tests/e2e/stock-seed.json", "utf8"));
  const stocked = seed.find((entry) => typeof entry.quantity === "number" && entry.quantity > 0);
  if (stocked) {
    const greedy = await checkout([{ ...stocked, quantity: 200 }]);
    expectThat(
      greedy.status === 400 || greedy.status === 409,
      `200 of a stocked variant: ${greedy.status}`,
    );
  }
  const rashguard = {
    productId: "mens-ranked-gorilla-no-gi-set",
    optionType: "Rashguard",
    size: "L",
    beltRank: "Blue",
    quantity: 1,
  };
  const pending = [];
  for (let i = 0; i < 5; i++) pending.push((await checkout([rashguard])).status);
  expectThat(
    pending.filter((s) => s === 200).length <= 3 && pending.at(-1) === 429,
    `5 unpaid checkouts from one address: ${pending.join(", ")}`,
  );

  // X-SEC-12: malformed Host values and request targets.
  for (const host of ["127.0.0.1:99999", "a:65536", "1.2.3.4.5", "[::1", "a b"]) {
    const status = await raw(`GET /faq HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expectThat(status === 400, `Host: ${host} → ${status}`);
  }
  for (const target of ["http://evil.test/faq", "*"]) {
    const method = target === "*" ? "OPTIONS" : "GET";
    const status = await raw(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expectThat(status === 400, `${method} ${target} → ${status}`);
  }

  // X-SEC-18: NUL ids are a 400 or 404, the visitor's and the owner's, with no SQL in the log.
  for (const pathname of [
    "/team/%00",
    "/api/teams/%00",
    "/team/%00/checkout",
    "/team/%00/organiser/roster.csv?key=a",
  ]) {
    const status = (await request(pathname)).status;
    expectThat(status === 400 || status === 404, `${pathname} → ${status}`);
  }
  for (const pathname of [
    "/api/admin/products/%00",
    "/admin/products/%00",
    "/admin/teams/%00",
    "/api/admin/products?q=%00",
  ]) {
    const status = (await request(pathname, { headers: { cookie: ownerCookie } })).status;
    expectThat(status === 400 || status === 404, `${pathname} (owner) → ${status}`);
  }
  expectThat(!/invalid byte sequence|0x00|select "/i.test(log), "no SQL text in the log");

  // X-SEC-19: codes tried through the cart share the 60 a minute of /api/discounts/validate.
  const tries = [];
  for (let i = 0; i < 61; i++) {
    const answer = await request("/cart", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "discount", code: `GUESS${i}` }).toString(),
    });
    tries.push(answer.status);
  }
  const api = await request("/api/discounts/validate", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: "GUESS61" }),
  });
  expectThat(
    tries.slice(0, 60).every((s) => s === 404) && tries[60] === 429 && api.status === 429,
    `61 codes through POST /cart: the 61st ${tries[60]}, then the API ${api.status}`,
  );

  // Bad input everywhere: odd bodies and methods to the public API.
  const junk = ["", "{", "null", "[]", '{"cartItems":"x"}', "\u0000", "a".repeat(70_000)];
  for (const pathname of [
    "/api/create-checkout-session",
    "/api/discounts/validate",
    "/api/verify-order",
    "/api/enquiries",
    "/api/products/mens-grip-n-trip-thai-shorts/reviews",
  ]) {
    for (const body of junk) {
      await request(pathname, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    }
    await request(pathname, { method: "DELETE" });
  }
  for (const pathname of [
    "/product/%00",
    "/mens?sort=%ff",
    "/search?q=" + "x".repeat(5000),
    "/tracking?n=%0d%0a",
  ]) {
    await request(pathname);
  }

  const from = (address) => ({ "x-forwarded-for": address });
  const setCookies = (response) =>
    (response.headers.getSetCookie?.() ?? []).map((cookie) => cookie.split(";")[0]);

  // X-SEC-16 (issue 36 item 1): a roster upload is no mail cannon.
  const team = await request("/api/admin/teams", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: ownerCookie },
    body: JSON.stringify({
      name: "Hostile BJJ",
      organiserName: "Coach Dan",
      organiserEmail: "dan@hostile.test",
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      delivery: "together",
      deliveryAddress: "Hostile BJJ, 1 Coast Road, Redcar TS10 1RH",
      minimumItems: 3,
      memberNames: true,
      fixedText: "HOSTILE BJJ",
      products: [{ productId: "mens-grip-truth-bjj-gi", optionType: "Gi", teamPricePence: 7500 }],
    }),
  });
  expectThat(
    team.status === 201,
    `a team store for the roster requests: ${team.status}${team.status === 201 ? "" : ` ${await team.clone().text()}`}`,
  );
  if (team.status === 201) {
    const { slug, organiserUrl } = await team.json();
    const key = new URL(organiserUrl).searchParams.get("key");
    const header = "name,email,product,option,size,belt_rank,colour,print_name";
    const rows = (make) =>
      `${header}\n${Array.from({ length: 500 }, (_, n) => make(n)).join("\n")}\n`;
    // The organiser's page without JavaScript: its answer is the page, with the sentence.
    const upload = async (csv, confirmed, address) => {
      const body = new FormData();
      body.set("roster", new Blob([csv], { type: "text/csv" }), "roster.csv");
      if (confirmed) body.set("confirmed", "yes");
      const answer = await request(`/team/${slug}/organiser?key=${encodeURIComponent(key)}`, {
        method: "POST",
        body,
        headers: from(address),
      });
      return { status: answer.status, text: await answer.text() };
    };
    const spam = rows(
      (n) =>
        `Cheap watches at evil.example ${n},spam-${n}@example.com,mens-grip-truth-bjj-gi,Gi,A2,,,`,
    );
    const spammed = await upload(spam, true, "198.51.100.20");
    expectThat(
      spammed.status === 400 && spammed.text.includes("Nothing was sent"),
      `500 spam-named rows, confirmed: ${spammed.status}, nothing sent`,
    );
    const oneAddress = rows(() => "Ana Silva,ana@example.com,mens-grip-truth-bjj-gi,Gi,A2,,,");
    const preview = await upload(oneAddress, false, "198.51.100.21");
    expectThat(
      preview.status === 200 && preview.text.includes("This will send 1 e-mail"),
      `500 rows to one address, first post: ${preview.status}, a preview of 1 e-mail, none sent`,
    );
    const sentOnce = await upload(oneAddress, true, "198.51.100.22");
    const sentAgain = await upload(oneAddress, true, "198.51.100.23");
    expectThat(
      sentOnce.text.includes("Sent 1 e-mail") && sentAgain.text.includes("Nothing was sent"),
      `500 rows to one address, confirmed twice: 1 e-mail, then none (${sentOnce.status}, ${sentAgain.status})`,
    );
  }

  // X-SEC-18 (issue 36 items 4, 9): the cache keeps only what a page serves, and only an owner's
  // session bypasses it; answers that depend on who asks are private, no-store.
  await request("/");
  const warm = await request("/");
  for (let n = 0; n < 520; n++) await request(`/mens?type=made-up-${n}`);
  const stillHit = await request("/");
  expectThat(
    warm.headers.get("x-cache") === "HIT" && stillHit.headers.get("x-cache") === "HIT",
    `520 made-up ?type= values: / is still a ${stillHit.headers.get("x-cache")}`,
  );
  const forgedOwner = await request("/", { headers: { cookie: "gt_owner=anything" } });
  expectThat(
    forgedOwner.headers.get("x-cache") === "HIT",
    `a cookie named gt_owner that is no session: ${forgedOwner.headers.get("x-cache")}`,
  );
  const asOwner = await request("/", { headers: { cookie: ownerCookie } });
  expectThat(
    !asOwner.headers.has("x-cache") && asOwner.headers.get("cache-control") === "private, no-store",
    `the owner's / bypasses the cache, ${asOwner.headers.get("cache-control")}`,
  );
  const added = await request("/api/cart", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...from("198.51.100.30") },
    body: new URLSearchParams({
      intent: "add",
      productId: "water-bottle",
      optionType: "Standard",
      size: "N/A",
      quantity: "1",
    }).toString(),
  });
  const cartCookie = setCookies(added).find((c) => c.startsWith("gt_cart="));
  const cartPage = await request("/cart", { headers: { cookie: cartCookie ?? "" } });
  expectThat(
    cartPage.headers.get("cache-control") === "private, no-store",
    `/cart with its cookie: ${cartPage.headers.get("cache-control")}`,
  );

  // X-SEC-20 (issue 36 item 8): a receipt is for the browser that paid, and a GET changes nothing.
  const buyerAddress = from("198.51.100.40");
  const opened = await request("/api/create-checkout-session", {
    method: "POST",
    headers: { "content-type": "application/json", ...buyerAddress },
    body: JSON.stringify({
      cartItems: [{ productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 1 }],
    }),
  });
  const { sessionId } = await opened.json();
  const receipt = setCookies(opened).find((c) => c.startsWith("gt_receipt="));
  const paid = await request(`/payment?session_id=${encodeURIComponent(sessionId)}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: receipt ?? "",
      ...buyerAddress,
    },
    body: new URLSearchParams({
      firstName: "Rosa",
      lastName: "Mendes",
      email: "rosa@hostile.test",
      phone: "07700 900789",
      address: "9 Harbour Street",
      city: "Whitby",
      postcode: "YO21 3PU",
      country: "United Kingdom",
      sameAsShipping: "on",
      cardNumber: "4242 4242 4242 4242",
      cardName: "ROSA MENDES",
      expiryDate: "12/34",
      cvv: "123",
    }).toString(),
  });
  expectThat(paid.status < 400, `a sandbox purchase for the receipt requests: ${paid.status}`);
  const verifyAs = (cookie) =>
    request("/api/verify-order", {
      method: "POST",
      headers: { "content-type": "application/json", cookie, ...from("198.51.100.41") },
      body: JSON.stringify({ sessionId }),
    });
  const rightful = await verifyAs(receipt ?? "");
  const rightfulText = await rightful.text();
  expectThat(
    rightful.status === 200 && rightfulText.includes("rosa@hostile.test"),
    `verify-order from the browser that paid: ${rightful.status} with its receipt`,
  );
  for (const cookie of ["", `gt_receipt=${sessionId}.${"A".repeat(43)}`]) {
    const other = await verifyAs(cookie);
    const text = await other.text();
    expectThat(
      other.status === 404 && !text.includes("@"),
      `verify-order with the session id only${cookie ? " and a forged cookie" : ""}: ${other.status}, no e-mail`,
    );
  }
  const visitorCart = setCookies(
    await request("/api/cart", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...from("198.51.100.42") },
      body: new URLSearchParams({
        intent: "add",
        productId: "water-bottle",
        optionType: "Standard",
        size: "N/A",
        quantity: "1",
      }).toString(),
    }),
  ).find((c) => c.startsWith("gt_cart="));
  const stranger = await request(
    `/order-confirmation?session_id=${encodeURIComponent(sessionId)}`,
    {
      headers: { cookie: visitorCart ?? "" },
    },
  );
  const strangerPage = await stranger.text();
  const strangerCart = await (
    await request("/api/cart", { headers: { cookie: visitorCart ?? "" } })
  ).json();
  expectThat(
    !strangerPage.includes("rosa@hostile.test") &&
      strangerPage.includes("Order Verification Failed"),
    `another buyer's confirmation: ${stranger.status}, "Order Verification Failed", no e-mail`,
  );
  expectThat(
    (strangerCart.lines ?? []).length === 1,
    `and the GET left the visitor's cart alone (${(strangerCart.lines ?? []).length} line)`,
  );

  // X-SEC-18 (issue 36 item 3): an abuser's 40-megapixel PNGs do not hold up another customer.
  const bomb = await sharp({
    create: { width: 4, height: 10_000_000, channels: 3, background: "#808080" },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const normal = await sharp({
    create: { width: 400, height: 300, channels: 3, background: "#3a6ea5" },
  })
    .jpeg()
    .toBuffer();
  const photoUpload = (bytes, address) => {
    const form = new FormData();
    form.set("file", new Blob([bytes]), "photo");
    return request("/api/uploads", { method: "POST", body: form, headers: from(address) });
  };
  const abuse = Promise.all(Array.from({ length: 8 }, () => photoUpload(bomb, "203.0.113.66")));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const customerAt = Date.now();
  const customer = await photoUpload(normal, "198.51.100.50");
  const customerMs = Date.now() - customerAt;
  const abused = await abuse;
  const refusedWithRetry = abused.filter(
    (r) => (r.status === 429 || r.status === 503) && Number(r.headers.get("retry-after")) > 0,
  ).length;
  expectThat(
    customer.status === 201 && customerMs < 10_000,
    `another customer's 400 × 300 photo during the abuse: ${customer.status} in ${customerMs} ms`,
  );
  expectThat(
    refusedWithRetry >= 6,
    `eight parallel 40 MP PNGs from one address: ${abused.map((r) => r.status).join(", ")} (${refusedWithRetry} refused with Retry-After)`,
  );

  // X-SEC-18 (issue 36 item 6): a burst of drawings does not starve the shop.
  const pngBurst = Promise.all(
    Array.from({ length: 36 }, () => request("/images/products/mens-grip-truth-bjj-gi/front.png")),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const healthAt = Date.now();
  const healthy = await request("/api/health");
  const healthMs = Date.now() - healthAt;
  const pngs = await pngBurst;
  expectThat(
    healthy.ok && healthMs < 2_000 && pngs.every((r) => r.status === 200),
    `36 parallel drawing PNGs: /api/health ${healthy.status} in ${healthMs} ms`,
  );

  // Item 12: memory after eight parallel 40-megapixel uploads.
  const big = await sharp({
    create: { width: 7000, height: 5700, channels: 3, background: { r: 180, g: 30, b: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const idle = rssMb();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 100);
  await Promise.all(
    Array.from({ length: 8 }, () => {
      const form = new FormData();
      form.set("file", new Blob([big], { type: "image/jpeg" }), "big.jpg");
      return request("/api/uploads", { method: "POST", body: form });
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  clearInterval(sampler);
  const after = rssMb();
  console.log(
    `  memory: ${idle.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most, ${after.toFixed(0)} MB 3 s after`,
  );
  expectThat(
    peak - idle < 600,
    `eight 40 MP uploads add ${(peak - idle).toFixed(0)} MB at most (< 600)`,
  );
  expectThat(after - idle < 200, `and ${(after - idle).toFixed(0)} MB stays after them (< 200)`);

  const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${n} × ${s}`);
  console.log(`\n${sent} requests: ${summary.join(", ")}`);
} catch (error) {
  problems.push(String(error));
} finally {
  // A process that already ended sends no "exit" again: waiting for it would hang the run.
  if (!ended()) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (!ended()) child.kill("SIGKILL");
  }
  rmSync(dataDir, { recursive: true, force: true });
}
if (problems.length) {
  console.error(`\nHostile run failed:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log("Hostile run passed: no 5xx, every limit held, memory stayed flat.");
