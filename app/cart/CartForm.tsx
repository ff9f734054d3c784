import type { ReactNode } from "react";
import { CART_PAGE } from "./store";

/**
 * One of the cart's actions as a real form posting to /cart (issue 25, X-PE-1): it works before
 * the page's script has run and without it; once it runs, `onSubmit` does the same in place.
 */
export function CartForm({
  fields,
  onSubmit,
  className,
  children,
}: {
  fields: Record<string, string>;
  /** Told with the form, which is still in the page. */
  onSubmit: (form: HTMLFormElement) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="post"
      action={CART_PAGE}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event.currentTarget);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
