import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { RequiredMark } from "./forms";

const control =
  "w-full rounded border border-ink/30 bg-white px-3 py-2 text-base text-ink placeholder:text-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent aria-[invalid=true]:border-accent";

interface FieldShell {
  label: string;
  /** A short hint under the label. */
  hint?: ReactNode;
  /** A message for this field; marks it invalid and is announced with it. */
  error?: string;
  className?: string;
}

function FieldFrame({
  required,
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldShell & { id: string; required?: boolean; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      {/* The marker sits beside the label, not in it: the field's name stays its label. */}
      <span className="text-sm font-semibold">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <>
            {" "}
            <RequiredMark />
          </>
        ) : null}
      </span>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** A labelled input: the one way forms in the shop and the back office ask for a value. */
export function Field({
  label,
  hint,
  error,
  className,
  id: givenId,
  ...rest
}: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      required={rest.required}
    >
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={control}
        {...rest}
      />
    </FieldFrame>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({
  label,
  hint,
  error,
  className,
  id: givenId,
  ...rest
}: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      required={rest.required}
    >
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={control}
        {...rest}
      />
    </FieldFrame>
  );
}

/** A labelled drop-down. */
export function SelectField({
  label,
  hint,
  error,
  className,
  id: givenId,
  children,
  ...rest
}: FieldShell & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      error={error}
      className={className}
      required={rest.required}
    >
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={control}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
