import { describe, expect, it } from "vitest";
import { oneAtATime } from "./one-at-a-time";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("item 12: photos are processed one at a time", () => {
  it("X-SEC-6 (item 12): the queue never runs two jobs at once, keeps their order and survives a failure", async () => {
    const queue = oneAtATime();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number, fail = false) =>
      queue(async () => {
        running++;
        most = Math.max(most, running);
        await tick(5 - (n % 5));
        order.push(n);
        running--;
        if (fail) throw new Error(`job ${n} failed`);
        return n * 10;
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => job(n, n === 3)));
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results[3]).toMatchObject({ status: "rejected" });
    expect(results.filter((r) => r.status === "fulfilled").map((r) => r.value)).toEqual([
      0, 10, 20, 40, 50, 60, 70,
    ]);
  });
});
