import { describe, expect, it } from "vitest";
import { faqItems, nextOpenIndex } from "./faq";
import { DEFAULT_SETTINGS_POLICY, POLICY } from "~/policy/policy";

const FAQ_ITEMS = faqItems(DEFAULT_SETTINGS_POLICY);

describe("FAQ content", () => {
  it("S-INFO-1: has exactly ten questions", () => {
    expect(FAQ_ITEMS).toHaveLength(10);
  });

  it("S-INFO-1: ids are unique and safe to use as element ids", () => {
    const ids = FAQ_ITEMS.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("S-INFO-1: every question is a question with a real answer", () => {
    for (const item of FAQ_ITEMS) {
      expect(item.question.endsWith("?")).toBe(true);
      expect(item.answer.length).toBeGreaterThan(0);
      expect(item.answer.join(" ").split(/\s+/).length).toBeGreaterThan(25);
    }
    expect(new Set(FAQ_ITEMS.map((item) => item.question)).size).toBe(10);
  });

  it("S-INFO-1: answers quote the policy figures (docs/catalogue.md)", () => {
    const all = FAQ_ITEMS.flatMap((item) => item.answer).join(" ");
    for (const figure of [
      POLICY.madeToOrder,
      POLICY.inStockDispatch,
      DEFAULT_SETTINGS_POLICY.ukStandard,
      DEFAULT_SETTINGS_POLICY.freeShippingOver!,
      POLICY.enquiryReply,
      `${POLICY.faultReportDays} days`,
    ]) {
      expect(all).toContain(figure);
    }
  });

  it("S-INFO-1: links point at pages of the shop", () => {
    for (const item of FAQ_ITEMS) {
      if (item.link) expect(item.link.to).toMatch(/^\/[a-z-]+(#[a-z-]+)?$/);
    }
  });
});

describe("nextOpenIndex", () => {
  it("S-INFO-1: opening a question from all closed opens it", () => {
    expect(nextOpenIndex(null, 3)).toBe(3);
  });

  it("S-INFO-1: opening another question closes the open one (one open at a time)", () => {
    expect(nextOpenIndex(3, 5)).toBe(5);
  });

  it("S-INFO-1: clicking the open question closes it", () => {
    expect(nextOpenIndex(5, 5)).toBeNull();
  });
});
