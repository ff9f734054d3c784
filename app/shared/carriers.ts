/**
 * The carriers the owner dispatches with (X-DAY-5), in the order the back office lists them, and
 * where each one's customers follow a parcel. The dispatch e-mail and /tracking link to it.
 */
export const CARRIERS = [
  {
    name: "Royal Mail",
    track: (n: string) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  {
    name: "Parcelforce",
    track: (n: string) => `https://www.parcelforce.com/track-trace?trackNumber=${n}`,
  },
  { name: "DPD", track: (n: string) => `https://track.dpd.co.uk/search?reference=${n}` },
  { name: "Evri", track: (n: string) => `https://www.evri.com/track/parcel/${n}` },
  {
    name: "DHL",
    track: (n: string) =>
      `https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${n}`,
  },
  { name: "UPS", track: (n: string) => `https://www.ups.com/track?loc=en_GB&tracknum=${n}` },
  { name: "Other", track: null },
] as const satisfies readonly { name: string; track: ((n: string) => string) | null }[];

export type CarrierName = (typeof CARRIERS)[number]["name"];
export const CARRIER_NAMES: readonly CarrierName[] = CARRIERS.map((c) => c.name);

/** "Royal Mail, Parcelforce, DPD, Evri, DHL, UPS or Other". */
export const CARRIER_LIST_TEXT = `${CARRIER_NAMES.slice(0, -1).join(", ")} or ${CARRIER_NAMES.at(-1)}`;

/** The list's own spelling of a carrier typed in any case ("royal mail"), or undefined. */
export function carrierNamed(text: string): CarrierName | undefined {
  const wanted = text.trim().toLowerCase();
  return CARRIER_NAMES.find((name) => name.toLowerCase() === wanted);
}

/**
 * The carrier's page for this parcel, or null (Other, an older free-text carrier, no number).
 * The number is URL-encoded, so whatever was typed stays inside the link's path or query.
 */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const number = trackingNumber?.trim();
  if (!carrier || !number) return null;
  const found = CARRIERS.find((c) => c.name === carrierNamed(carrier));
  return found?.track ? found.track(encodeURIComponent(number)) : null;
}
