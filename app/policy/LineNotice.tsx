import { Ban } from "~/ui/icons/ban";
import { RotateCcw } from "~/ui/icons/rotate-ccw";
import { useShopContact } from "~/ui/shop-contact";
import { isPersonalised, PERSONALISED_NOTICE, returnsNotice } from "./consumer-rights";

/**
 * The line's cancellation right (X-UK-3), shown in the cart, at checkout and in the
 * confirmation: personalised lines cannot be returned unless faulty; others have the owner's
 * window (X-OWN-5, "30-day returns"), which the page's settings give.
 */
export function LineNotice({
  line,
  text,
  className = "",
}: {
  /** The notice as the server worded it (the owner's return window, X-TRUE-2). */
  text?: string;
  /** A line, or whether it is personalised (as already decided by the server). */
  line: Parameters<typeof isPersonalised>[0] | boolean;
  className?: string;
}) {
  const { returnDays } = useShopContact();
  const personalised = typeof line === "boolean" ? line : isPersonalised(line);
  const Icon = personalised ? Ban : RotateCcw;
  return (
    <p
      className={`flex items-start gap-1.5 text-xs ${personalised ? "font-semibold text-ink" : "text-muted"} ${className}`}
      data-testid="line-notice"
    >
      <Icon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{text ?? (personalised ? PERSONALISED_NOTICE : returnsNotice(returnDays))}</span>
    </p>
  );
}
