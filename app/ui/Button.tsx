import type { ButtonHTMLAttributes } from "react";
import { Link, type LinkProps } from "react-router";

export type ButtonVariant = "primary" | "secondary" | "danger" | "quiet";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-ink text-paper hover:bg-ink-soft",
  secondary: "border border-ink/30 bg-white text-ink hover:bg-stone",
  danger: "bg-accent text-white hover:bg-accent-dark",
  quiet: "text-ink underline underline-offset-4 hover:text-accent-dark",
};

export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `${base} ${variants[variant]} ${extra}`;
}

/** The one button of the shop and the back office; `type` defaults to submit for forms. */
export function Button({
  variant = "primary",
  className,
  type = "submit",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />;
}

/** A link that looks like a button. */
export function ButtonLink({
  variant = "secondary",
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...rest} />;
}
