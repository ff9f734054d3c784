/**
 * What a form's action said, above the page's content: a refusal as an alert, a success as a
 * status message (announced either way). One place for every back-office page's answer.
 */
export function ActionOutcome({ outcome }: { outcome: unknown }) {
  if (!outcome || typeof outcome !== "object") return null;
  if ("error" in outcome && typeof outcome.error === "string") {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
        {outcome.error}
      </p>
    );
  }
  if ("message" in outcome && typeof outcome.message === "string") {
    return (
      <p role="status" className="rounded-md bg-green-50 p-3 font-semibold text-green-800">
        {outcome.message}
      </p>
    );
  }
  return null;
}
