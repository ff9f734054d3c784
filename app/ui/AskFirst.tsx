import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "./Button";

/** The value a confirmed step's form carries (`confirm`): without it the action only asks. */
export const CONFIRMED = "yes";

/**
 * A step that asks first (X-TRUE-6): the first press opens a box that says what will happen, and
 * only its own button does it. A disclosure, so it works without JavaScript; the action refuses
 * the step without `confirm=yes`, so one press can never do it.
 */
export function AskFirst({
  open,
  openLabel,
  children,
  fields,
  doIt,
}: {
  /** The visible words of the first button, e.g. "Delete". */
  open: ReactNode;
  /** Its full name for a screen reader, e.g. "Delete photo 1". */
  openLabel: string;
  /** What will happen. */
  children: ReactNode;
  /** The form's fields (intent and ids). */
  fields: Record<string, string>;
  /** The button that does it, e.g. "Delete photo 1 for good". */
  doIt: string;
}) {
  return (
    <details className="group">
      <summary
        aria-label={openLabel}
        className="inline-flex min-h-11 cursor-pointer items-center rounded px-4 font-semibold text-accent-dark underline underline-offset-4"
      >
        {open}
      </summary>
      <Form method="post" className="mt-2 rounded-md bg-red-50 p-3">
        <div className="text-sm text-red-900">{children}</div>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value={CONFIRMED} />
        <Button variant="danger" className="mt-2">
          {doIt}
        </Button>
      </Form>
    </details>
  );
}
