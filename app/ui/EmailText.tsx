import { Fragment } from "react";

/**
 * An e-mail address that wraps only after its "@" and dots, never inside a word (issue 24,
 * item 11): a <wbr> after each, and no break-all.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className="[overflow-wrap:break-word]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </span>
  );
}
