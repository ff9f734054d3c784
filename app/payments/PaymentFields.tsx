import { useId } from "react";

/** A labelled text input for the payment form. */
export function Field({
  name,
  label,
  autoComplete,
  type = "text",
  maxLength,
  defaultValue,
  inputMode,
  placeholder,
  hint,
  className = "",
}: {
  name: string;
  label: string;
  autoComplete?: string;
  type?: string;
  maxLength?: number;
  defaultValue?: string;
  inputMode?: "numeric" | "email" | "tel" | "text";
  placeholder?: string;
  /** Said under the label (and read with the field): a hint is never a grey value in the box. */
  hint?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={defaultValue}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="rounded border border-ink/30 bg-white px-3 py-2"
      />
    </div>
  );
}

export function AddressFields({
  prefix,
  section,
  defaultCountry = "United Kingdom",
}: {
  prefix: "" | "billing";
  section: string;
  defaultCountry?: string;
}) {
  const name = (field: string) =>
    prefix ? `${prefix}${field[0]!.toUpperCase()}${field.slice(1)}` : field;
  const ac = (token: string) => `section-${section} ${section} ${token}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        name={name("firstName")}
        label="First name"
        autoComplete={ac("given-name")}
        maxLength={80}
      />
      <Field
        name={name("lastName")}
        label="Last name"
        autoComplete={ac("family-name")}
        maxLength={80}
      />
      <Field
        name={name("address")}
        label="Address"
        autoComplete={ac("street-address")}
        maxLength={200}
        className="sm:col-span-2"
      />
      <Field
        name={name("city")}
        label="Town or city"
        autoComplete={ac("address-level2")}
        maxLength={100}
      />
      <Field
        name={name("postcode")}
        label="Postcode"
        autoComplete={ac("postal-code")}
        maxLength={20}
      />
      <Field
        name={name("country")}
        label="Country"
        autoComplete={ac("country-name")}
        defaultValue={defaultCountry}
        maxLength={80}
        className="sm:col-span-2"
      />
    </div>
  );
}
