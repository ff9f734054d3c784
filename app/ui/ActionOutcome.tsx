import { useEffect, useRef } from "react";

/**
 * What a form's action said, above the page's content: a refusal as an alert, a success as a
 * status message (announced either way). One place for every back-office page's answer. With
 * `focus`, the message takes the focus when it appears (X-TRUE-6), so the eye and the screen
 * reader go to it rather than staying at the button far below.
 */
export function ActionOutcome({ outcome, focus = false }: { outcome: unknown; focus?: boolean }) {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focus) message.current?.focus();
  }, [focus, outcome]);
  if (!outcome || typeof outcome !== "object") return null;
  const extra = focus ? "scroll-mt-4 focus:outline-2 focus:outline-ink" : "";
  if ("error" in outcome && typeof outcome.error === "string") {
    return (
      <p
        role="alert"
        ref={message}
        tabIndex={focus ? -1 : undefined}
        className={`rounded-md bg-red-50 p-3 font-semibold text-red-800 ${extra}`}
      >
        {outcome.error}
      </p>
    );
  }
  if ("message" in outcome && typeof outcome.message === "string") {
    return (
      <p
        role="status"
        ref={message}
        tabIndex={focus ? -1 : undefined}
        className={`rounded-md bg-green-50 p-3 font-semibold text-green-800 ${extra}`}
      >
        {outcome.message}
      </p>
    );
  }
  return null;
}
