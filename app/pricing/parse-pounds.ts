/** "12.5", "£12.50", "12" → pence; undefined when it is not an amount of money. Exact, no floats. */
export function parsePoundsToPence(text: string): number | undefined {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ""));
  if (!match) return undefined;
  const pounds = Number(match[1]);
  const pence = Number((match[2] ?? "").padEnd(2, "0"));
  return pounds * 100 + pence;
}
