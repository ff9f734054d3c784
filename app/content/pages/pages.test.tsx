import { DEFAULT_SETTINGS_POLICY } from "~/policy/policy";
import { DEMO_SELLER } from "~/policy/shop-settings";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BRAND } from "~/shared/brand";
import { INFO_PAGE_SLUGS, type InfoPageSlug } from "../info-page-slugs";
import { INFO_PAGES, infoPageForPath, infoPageSlugFromPath, trackingHelp } from "./index";

function html(slug: InfoPageSlug | "tracking"): string {
  const { Body } = slug === "tracking" ? trackingHelp : INFO_PAGES[slug];
  return renderToStaticMarkup(
    <MemoryRouter>
      <Body policy={DEFAULT_SETTINGS_POLICY} />
    </MemoryRouter>,
  );
}

/** The visible words of a page: lead plus body, tags stripped, entities decoded. */
function text(slug: InfoPageSlug | "tracking"): string {
  const page = slug === "tracking" ? trackingHelp : INFO_PAGES[slug];
  return `${page.lead} ${html(slug)}`
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

const words = (s: string) => s.split(" ").filter((w) => /[A-Za-z0-9£]/.test(w)).length;

describe("information pages", () => {
  it("S-INFO-1: every slug has a page with a title, description and lead", () => {
    for (const slug of INFO_PAGE_SLUGS) {
      const page = INFO_PAGES[slug];
      expect(page.title.trim()).not.toBe("");
      expect(page.description.length).toBeGreaterThan(40);
      expect(page.description.length).toBeLessThanOrEqual(170);
      expect(page.lead.trim()).not.toBe("");
    }
  });

  it("S-INFO-1: /refunds and /returns show the same returns policy page", () => {
    expect(INFO_PAGES.refunds).toBe(INFO_PAGES.returns);
    expect(INFO_PAGES.returns.title).toBe("Returns & Refunds");
  });

  it.each(INFO_PAGE_SLUGS)("S-INFO-1: /%s reads as a real page (250-650 words)", (slug) => {
    const count = words(text(slug));
    expect(count).toBeGreaterThanOrEqual(250);
    expect(count).toBeLessThanOrEqual(650);
    expect(text(slug).toLowerCase()).not.toMatch(/lorem|coming soon|todo/);
  });

  it.each(INFO_PAGE_SLUGS)("S-INFO-1: /%s has no <h1> of its own (the shell owns it)", (slug) => {
    expect(html(slug)).not.toContain("<h1");
  });

  it("S-INFO-1: finds the page from the request path", () => {
    expect(infoPageSlugFromPath("/delivery")).toBe("delivery");
    expect(infoPageSlugFromPath("/Privacy-Policy/")).toBe("privacy-policy");
    expect(infoPageSlugFromPath("/size-guide")).toBeUndefined();
    expect(infoPageSlugFromPath("/")).toBeUndefined();
    expect(infoPageForPath("/refunds")).toBe(INFO_PAGES.returns);
  });
});

describe("policy figures (S-INFO-1, docs/catalogue.md)", () => {
  const expectations: [InfoPageSlug, string[]][] = [
    [
      "delivery",
      [
        "2-3 working days",
        "3-6 weeks",
        "2-5 working days",
        "1-2 working days",
        "7-14 working days",
        "from £3.95",
        "over £75",
        "£3.99 per item",
        "30 days",
      ],
    ],
    [
      "returns",
      [
        "30 days",
        "your 14-day right to cancel is included",
        "unworn",
        "original packaging",
        "5-10 business days",
        "can't be returned",
        "30-day returns",
      ],
    ],
    [
      "shipping",
      [
        "3-6 weeks",
        "2-3 working days",
        "2-5 working days",
        "1-2 working days",
        "7-14 working days",
      ],
    ],
    [
      "terms-of-service",
      ["18 or over", "pounds sterling (GBP)", "3-6 weeks", "30 days", "5-10 business days"],
    ],
    ["contact", [DEMO_SELLER.email, "24-48 hours", "order number", "Instagram"]],
    ["about", ["Teesside", "North-East of England", BRAND.slogan, "training partners"]],
    [
      "privacy-policy",
      [
        "name, e-mail address, phone number, delivery address and billing address",
        "never stored by us",
        "never shown",
        "UK GDPR",
        DEMO_SELLER.email,
        DEMO_SELLER.name,
        "18 or over",
      ],
    ],
  ];

  it.each(expectations)("S-INFO-1: /%s states its figures", (slug, figures) => {
    const pageText = text(slug);
    for (const figure of figures) expect(pageText).toContain(figure);
  });

  it("X-INFO-2: the tracking help under the order lookup states its figures", () => {
    const pageText = text("tracking");
    for (const figure of [
      "dispatch e-mail",
      "tracking link",
      "3-6 weeks",
      "2-3 working days",
      "order number",
      "24-48 hours",
    ]) {
      expect(pageText).toContain(figure);
    }
  });

  it("S-INFO-1: the contact page links the e-mail address and Instagram", () => {
    const contact = html("contact");
    expect(contact).toContain(`href="mailto:${DEMO_SELLER.email}"`);
    expect(contact).toContain(`href="${BRAND.instagram}"`);
    expect(contact).toContain('rel="noopener noreferrer"');
  });
});
