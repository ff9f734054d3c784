import { describe, expect, it } from "vitest";
import { EMBROIDERY_MESSAGE, embroideryProblem, isEmbroiderable } from "./embroidery";

describe("names to embroider", () => {
  it.each([
    "Ana",
    "José Ramírez",
    "Zoë O'Neil",
    "Anne-Marie",
    "J. Smith",
    "Team 7",
    "Łukasz",
    "D’Arcy",
    "Ḿ",
  ])("X-TRUE-9: %s can be embroidered", (name) => {
    expect(isEmbroiderable(name)).toBe(true);
    expect(embroideryProblem(name)).toBeNull();
  });

  it.each(["Ana 🥋", "A&B", "50%", "<b>", "name\u0007", "x@y", "#1", "a/b", "→"])(
    "X-TRUE-9: %s is refused with a sentence",
    (name) => {
      expect(isEmbroiderable(name)).toBe(false);
      expect(embroideryProblem(name)).toBe(EMBROIDERY_MESSAGE);
    },
  );

  it("X-TRUE-9: no name is no problem", () => {
    expect(embroideryProblem("")).toBeNull();
    expect(embroideryProblem(undefined)).toBeNull();
  });
});
