import { describe, expect, it } from "vitest";
import { CARRIER_LIST_TEXT, CARRIER_NAMES, carrierNamed, trackingUrl } from "./carriers";

describe("X-DAY-5: carriers and their tracking links", () => {
  it("X-DAY-5: the list the back office offers", () => {
    expect(CARRIER_NAMES).toEqual([
      "Royal Mail",
      "Parcelforce",
      "DPD",
      "Evri",
      "DHL",
      "UPS",
      "Other",
    ]);
    expect(CARRIER_LIST_TEXT).toBe("Royal Mail, Parcelforce, DPD, Evri, DHL, UPS or Other");
    expect(carrierNamed(" royal MAIL ")).toBe("Royal Mail");
    expect(carrierNamed("Yodel")).toBeUndefined();
  });

  it("X-DAY-5: Royal Mail links to the parcel on its site; Other and unknown carriers to nothing", () => {
    expect(trackingUrl("Royal Mail", "RM123456785GB")).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
    );
    expect(trackingUrl("DPD", "15501234567")).toBe(
      "https://track.dpd.co.uk/search?reference=15501234567",
    );
    expect(trackingUrl("Other", "X1")).toBeNull();
    expect(trackingUrl("Yodel", "X1")).toBeNull();
    expect(trackingUrl("Royal Mail", " ")).toBeNull();
    expect(trackingUrl(null, "X1")).toBeNull();
    // Whatever was typed stays inside the link.
    expect(trackingUrl("Evri", "a/../b?c=d#e")).toBe(
      "https://www.evri.com/track/parcel/a%2F..%2Fb%3Fc%3Dd%23e",
    );
  });
});
