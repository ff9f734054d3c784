import { describe, expect, it } from "vitest";
import { averageStars, reviewCountLabel } from "./rating";

describe("averageStars", () => {
  it("S-REV-3: rounds the average to whole stars", () => {
    expect(averageStars([5, 4])).toBe(5); // 4.5 rounds up
    expect(averageStars([4, 4, 5])).toBe(4); // 4.33
    expect(averageStars([3, 4])).toBe(4); // 3.5
    expect(averageStars([1, 2])).toBe(2); // 1.5
    expect(averageStars([1, 1, 2])).toBe(1); // 1.33
    expect(averageStars([2])).toBe(2);
  });

  it("S-REV-3: stays within 1-5 and is 0 without reviews", () => {
    expect(averageStars([])).toBe(0);
    expect(averageStars([5, 5, 5])).toBe(5);
    expect(averageStars([1, 1, 1])).toBe(1);
  });
});

describe("reviewCountLabel", () => {
  it("S-REV-1: singular for one review", () => {
    expect(reviewCountLabel(1)).toBe("1 review");
    expect(reviewCountLabel(0)).toBe("0 reviews");
    expect(reviewCountLabel(7)).toBe("7 reviews");
  });
});
