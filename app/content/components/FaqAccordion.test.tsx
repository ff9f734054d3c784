// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { faqItems } from "../faq";
import { DEFAULT_SETTINGS_POLICY } from "~/policy/policy";

const FAQ_ITEMS = faqItems(DEFAULT_SETTINGS_POLICY);
import { FaqAccordion } from "./FaqAccordion";

afterEach(cleanup);

function renderAccordion() {
  return render(
    <MemoryRouter>
      <FaqAccordion items={FAQ_ITEMS} />
    </MemoryRouter>,
  );
}

const button = (index: number) =>
  screen.getByRole("button", { name: FAQ_ITEMS[index]?.question ?? "" });
const panel = (index: number) => document.getElementById(`faq-${FAQ_ITEMS[index]?.id}-panel`);

describe("FAQ accordion", () => {
  it("S-INFO-1: server HTML has every question, all closed", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <FaqAccordion items={FAQ_ITEMS} />
      </MemoryRouter>,
    );
    for (const item of FAQ_ITEMS) expect(html).toContain(item.question.replace(/'/g, "&#x27;"));
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(10);
    expect(html.match(/ hidden=""/g)).toHaveLength(10);
  });

  it("S-INFO-1: buttons and panels are wired for assistive technology", () => {
    renderAccordion();
    FAQ_ITEMS.forEach((_, index) => {
      const b = button(index);
      const p = panel(index);
      expect(b.getAttribute("aria-controls")).toBe(p?.id);
      expect(p?.getAttribute("role")).toBe("region");
      expect(p?.getAttribute("aria-labelledby")).toBe(b.id);
      expect(p?.className).toContain("max-h-96");
      expect(p?.className).toContain("overflow-y-auto");
    });
  });

  it("S-INFO-1: one open at a time; clicking the open one closes it", () => {
    renderAccordion();
    fireEvent.click(button(0));
    expect(button(0).getAttribute("aria-expanded")).toBe("true");
    expect(panel(0)?.hidden).toBe(false);

    fireEvent.click(button(4));
    expect(button(4).getAttribute("aria-expanded")).toBe("true");
    expect(button(0).getAttribute("aria-expanded")).toBe("false");
    expect(panel(0)?.hidden).toBe(true);
    expect(document.querySelectorAll('[aria-expanded="true"]')).toHaveLength(1);

    fireEvent.click(button(4));
    expect(button(4).getAttribute("aria-expanded")).toBe("false");
    expect(panel(4)?.hidden).toBe(true);
    expect(document.querySelectorAll('[aria-expanded="true"]')).toHaveLength(0);
  });
});
