import { BRAND } from "~/shared/brand";

/** The GRIP TRUTH wordmark: condensed display type with the accent on "TRUTH". */
export function Wordmark({ className = "" }: { className?: string }) {
  const [first, ...rest] = BRAND.name.split(" ");
  return (
    <span className={`font-display leading-none font-bold tracking-wide uppercase ${className}`}>
      {first}
      <span className="text-accent-bright"> {rest.join(" ")}</span>
    </span>
  );
}
