import type { ReactNode } from "react";
import { Link } from "react-router";
import { useShopContact } from "./shop-contact";

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

/** The shop's e-mail address (the owner's settings, X-OWN-1) as a mailto link; the text is the
 *  address unless told otherwise. */
export function EmailLink({
  subject,
  children,
  className = `${LINK_CLASS} break-words`,
}: {
  subject?: string;
  children?: ReactNode;
  className?: string;
}) {
  const { email } = useShopContact();
  const href = subject
    ? `mailto:${email}?subject=${encodeURIComponent(subject)}`
    : `mailto:${email}`;
  return (
    <a href={href} className={className}>
      {children ?? email}
    </a>
  );
}
