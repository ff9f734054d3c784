import { describe, expect, it } from "vitest";
import { seeded as findProduct } from "~/catalogue/seed/catalogue";
import {
  breadcrumbJsonLd,
  organizationJsonLd,
  productJsonLd,
  serialiseJsonLd,
} from "./structured-data";

const origin = "https://shop.example";
const shorts = findProduct("mens-grip-n-trip-thai-shorts")!;

describe("structured data", () => {
  it("X-SHOP-1: a product carries an Offer in GBP with a decimal price, in stock, with its URL", () => {
    const data = productJsonLd(shorts, origin);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Mens Grip N Trip Thai Shorts",
      url: "https://shop.example/product/mens-grip-n-trip-thai-shorts",
      offers: {
        "@type": "Offer",
        priceCurrency: "GBP",
        price: "29.99",
        availability: "https://schema.org/InStock",
        url: "https://shop.example/product/mens-grip-n-trip-thai-shorts",
      },
    });
    expect((data.image as string[])[0]).toMatch(/^https:\/\/shop\.example\/images\/products\//);
    expect(data).not.toHaveProperty("aggregateRating");
  });

  it("X-SHOP-1: AggregateRating appears only with reviews, averaged to one decimal", () => {
    expect(productJsonLd(shorts, origin, { count: 0, average: 0 })).not.toHaveProperty(
      "aggregateRating",
    );
    expect(productJsonLd(shorts, origin, { count: 3, average: 13 / 3 }).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("X-SHOP-1: breadcrumbs are numbered from 1 with absolute URLs", () => {
    expect(
      breadcrumbJsonLd(
        [
          { label: "Home", to: "/" },
          { label: "Mens", to: "/mens" },
        ],
        origin,
      ),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" },
        { "@type": "ListItem", position: 2, name: "Mens", item: "https://shop.example/mens" },
      ],
    });
  });

  it("X-SHOP-1, X-OWN-1: the organisation names the shop, and the seller as the settings say", () => {
    const seller = {
      name: "Mat Works Ltd",
      email: "shop@matworks.example",
      postalAddress: ["1 Canal Street", "Leeds", "LS1 1AA"],
      vatNumber: "GB123456789",
      companyNumber: null,
    };
    expect(organizationJsonLd(origin, seller)).toMatchObject({
      "@type": "Organization",
      name: "GRIP TRUTH",
      legalName: "Mat Works Ltd",
      email: "shop@matworks.example",
      address: { streetAddress: "1 Canal Street, Leeds, LS1 1AA" },
      vatID: "GB123456789",
      url: "https://shop.example/",
    });
  });

  it("X-SHOP-4: serialised JSON-LD cannot close its script element", () => {
    const text = serialiseJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
