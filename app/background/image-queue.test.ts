import { describe, expect, it } from "vitest";
import { ProblemError } from "~/shared/problems";
import { BACKGROUND_WORK, imageQueue, OWNER_WORK } from "./image-queue";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LIMITS = { megapixelsPerMinute: 60, perAddress: 2, waiting: 3, retryAfterSeconds: 10 };

function refusal(run: () => unknown): ProblemError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("X-SEC-18: the image queue bounds what decoding costs", () => {
  it("X-SEC-18: one job at a time, survives a failure, the owner's first, then addresses take turns", async () => {
    const queue = imageQueue({ ...LIMITS, waiting: 10 });
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const job =
      (name: string, fail = false) =>
      async () => {
        running++;
        most = Math.max(most, running);
        await tick(3);
        order.push(name);
        running--;
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const a = { address: "a" };
    const b = { address: "b" };
    const results = await Promise.allSettled([
      queue(a, 1, job("a1", true)),
      queue(BACKGROUND_WORK, 1, job("drawing")),
      queue(a, 1, job("a2")),
      queue(b, 1, job("b1")),
      queue(OWNER_WORK, 40, job("owner1")),
      queue(b, 1, job("b2")),
      queue(OWNER_WORK, 40, job("owner2")),
    ]);
    expect(most).toBe(1);
    // a1 had started; then the owner's, then the addresses in turn (b2 after a2, not before),
    // then the shop's background work.
    expect(order).toEqual(["a1", "owner1", "owner2", "a2", "b1", "b2", "drawing"]);
    expect(results[0]).toMatchObject({ status: "rejected" });
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(6);
  });

  it("X-SEC-18: the queue says how long it has been quiet of photos, so the drawings can wait for it", async () => {
    let now = 1_000;
    const queue = imageQueue(LIMITS, () => now);
    expect(queue.quietFor()).toBe(Number.POSITIVE_INFINITY);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const photo = queue({ address: "a" }, 1, () => gate);
    now += 5_000;
    expect(queue.quietFor()).toBe(0);
    release();
    await photo;
    now += 2_000;
    expect(queue.quietFor()).toBe(2_000);
    await queue(BACKGROUND_WORK, 1, async () => undefined);
    expect(queue.quietFor()).toBe(2_000);
  });

  it("X-SEC-18: of the addresses waiting, the one that has decoded least this minute goes first", async () => {
    const queue = imageQueue({ ...LIMITS, perAddress: 5, waiting: 10 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const job = (name: string) => async () => void order.push(name);
    const running = queue(BACKGROUND_WORK, 1, () => gate);
    const abuser = { address: "abuser" };
    const waiting = [
      queue(abuser, 30, job("abuser1")),
      queue(abuser, 20, job("abuser2")),
      queue({ address: "customer" }, 0.12, job("customer")),
    ];
    release();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(["customer", "abuser1", "abuser2"]);
  });

  it("X-SEC-18: an address past its megapixels a minute is refused before it waits (429 with when to retry); the budget comes back", async () => {
    let now = 1_000_000;
    const queue = imageQueue(LIMITS, () => now);
    const who = { address: "abuser" };
    await queue(who, 40, async () => "first");
    const refused = refusal(() => queue(who, 40, async () => "second"));
    expect(refused.problem).toMatchObject({ kind: "rate_limited", retryAfter: 60 });
    now += 30_000;
    expect(refusal(() => queue(who, 40, async () => "")).problem.retryAfter).toBe(30);
    // Another address is not affected; the owner has no budget.
    await expect(queue({ address: "other" }, 40, async () => "ok")).resolves.toBe("ok");
    await expect(queue(OWNER_WORK, 400, async () => "ok")).resolves.toBe("ok");
    now += 30_001;
    await expect(queue(who, 40, async () => "again")).resolves.toBe("again");
  });

  it("X-SEC-18: at most perAddress jobs of one address, and a full queue is a 503 with Retry-After", async () => {
    const queue = imageQueue(LIMITS);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = queue({ address: "a" }, 1, () => gate);
    const second = queue({ address: "a" }, 1, async () => undefined);
    expect(refusal(() => queue({ address: "a" }, 1, async () => undefined)).problem).toMatchObject({
      kind: "rate_limited",
      retryAfter: 10,
    });
    const waiting = ["b", "c"].map((address) => queue({ address }, 1, async () => undefined));
    expect(refusal(() => queue({ address: "d" }, 1, async () => undefined)).problem).toMatchObject({
      kind: "unavailable",
      retryAfter: 10,
    });
    // The owner's work is never refused by visitors filling the queue.
    const owner = queue(OWNER_WORK, 1, async () => "owner");
    release();
    await Promise.all([held, second, ...waiting]);
    await expect(owner).resolves.toBe("owner");
    await expect(queue({ address: "d" }, 1, async () => "now")).resolves.toBe("now");
  });
});
