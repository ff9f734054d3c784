const SHORT: Record<string, string> = {
  "uk-standard": "Standard",
  "uk-express": "Express",
  international: "International",
};

/** The delivery chosen at checkout, short (X-DAY-3); express stands out, it goes first. */
export function DeliveryBadge({ method }: { method: string }) {
  const express = method === "uk-express";
  return (
    <span
      data-testid="delivery-method"
      className={`inline-block rounded px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${
        express ? "bg-accent text-white uppercase" : "bg-stone text-ink"
      }`}
    >
      {SHORT[method] ?? method}
    </span>
  );
}
