import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, organizationJsonLd, serialiseJsonLd } from "./structured-data";

const origin = "https://shop.example";

describe("structured data", () => {
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

  it("X-SHOP-1, X-OWN-1, X-FIND-2: the organisation names the shop, and the seller as the settings say", () => {
    const seller = {
      name: "Mat Works Ltd",
      email: "shop@matworks.example",
      postalAddress: ["1 Canal Street", "Leeds", "LS1 1AA"],
      vatNumber: "GB123456789",
      companyNumber: null,
      returnDays: 45,
    };
    expect(organizationJsonLd(origin, seller)).toMatchObject({
      "@type": "Organization",
      name: "GRIP TRUTH",
      legalName: "Mat Works Ltd",
      email: "shop@matworks.example",
      address: { streetAddress: "1 Canal Street, Leeds, LS1 1AA" },
      vatID: "GB123456789",
      url: "https://shop.example/",
      // X-FIND-2: the owner's return window beside the shop's listings.
      hasMerchantReturnPolicy: { merchantReturnDays: 45, applicableCountry: "GB" },
    });
  });

  it("X-SHOP-4: serialised JSON-LD cannot close its script element", () => {
    const text = serialiseJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
