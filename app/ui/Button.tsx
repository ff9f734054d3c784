import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "danger" | "quiet";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent aria-disabled:cursor-wait aria-disabled:opacity-70";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-ink text-paper hover:bg-ink-soft",
  secondary: "border border-ink/30 bg-white text-ink hover:bg-stone",
  danger: "bg-accent text-white hover:bg-accent-dark",
  quiet: "text-ink underline underline-offset-4 hover:text-accent-dark",
};

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`;
}

/**
 * The one button of the shop and the back office; `type` defaults to submit for forms.
 * While `busy` (its form is being sent) it stays focusable: `aria-disabled`, not `disabled`
 * (which drops the focus to the page's body, WCAG 2.4.3), and a press is ignored (X-A11Y-2).
 * There is no `disabled`: a button the person cannot use now is busy, or not shown.
 */
export function Button({
  variant = "primary",
  className,
  type = "submit",
  busy = false,
  onClick,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "disabled"> & {
  variant?: ButtonVariant;
  /** The form is being sent: the button says so and ignores presses, but keeps the focus. */
  busy?: boolean;
}) {
  return (
    <button
      type={type}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      className={buttonClass(variant, className)}
      {...rest}
    />
  );
}

/** A link that looks like a button. */
export function ButtonLink({
  variant = "secondary",
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...rest} />;
}
