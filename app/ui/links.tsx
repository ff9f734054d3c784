import type { ReactNode } from "react";
import { Link } from "react-router";
import { BRAND } from "~/shared/brand";

export const LINK_CLASS =
  "font-medium text-accent underline decoration-2 underline-offset-4 hover:text-accent-dark hover:decoration-accent-dark";

/** A link to another page of the shop. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={LINK_CLASS}>
      {children}
    </Link>
  );
}

/** A link to another site, opened in a new tab and announced as such. */
export function ExternalLink({
  href,
  children,
  className = LINK_CLASS,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** The shop's e-mail address as a mailto link; the text is the address unless told otherwise. */
export function EmailLink({ subject, children }: { subject?: string; children?: ReactNode }) {
  const href = subject
    ? `mailto:${BRAND.email}?subject=${encodeURIComponent(subject)}`
    : `mailto:${BRAND.email}`;
  return (
    <a href={href} className={`${LINK_CLASS} break-words`}>
      {children ?? BRAND.email}
    </a>
  );
}
