import { Field as FormField } from "~/ui/Field";
import { type FieldErrors, fieldId } from "~/ui/forms";

/** The payment form's id prefix: its error summary links to `pay-<name>` (X-A11Y-2). */
export const PAYMENT_FORM = "pay";

/** A labelled text input for the payment form, with its own message when it is wrong. */
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
  required,
  errors,
  values,
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
  required?: boolean;
  errors?: FieldErrors;
  /** What the person typed, sent back with a refusal (issue 56, WCAG 3.3.7). */
  values?: Record<string, string>;
  className?: string;
}) {
  return (
    <FormField
      id={fieldId(PAYMENT_FORM, name)}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      maxLength={maxLength}
      defaultValue={values?.[name] ?? defaultValue}
      inputMode={inputMode}
      placeholder={placeholder}
      hint={hint}
      required={required}
      error={errors?.[name]}
      className={className}
    />
  );
}

export function AddressFields({
  prefix,
  section,
  defaultCountry = "United Kingdom",
  errors,
  values,
}: {
  prefix: "" | "billing";
  section: string;
  defaultCountry?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
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
        required
        errors={errors}
        values={values}
      />
      <Field
        name={name("lastName")}
        label="Last name"
        autoComplete={ac("family-name")}
        maxLength={80}
        required
        errors={errors}
        values={values}
      />
      <Field
        name={name("address")}
        label="Address"
        autoComplete={ac("street-address")}
        maxLength={200}
        className="sm:col-span-2"
        required
        errors={errors}
        values={values}
      />
      <Field
        name={name("city")}
        label="Town or city"
        autoComplete={ac("address-level2")}
        maxLength={100}
        required
        errors={errors}
        values={values}
      />
      <Field
        name={name("postcode")}
        label="Postcode"
        autoComplete={ac("postal-code")}
        maxLength={20}
        required
        errors={errors}
        values={values}
      />
      <Field
        name={name("country")}
        label="Country"
        autoComplete={ac("country-name")}
        defaultValue={defaultCountry}
        maxLength={80}
        className="sm:col-span-2"
        errors={errors}
        values={values}
      />
    </div>
  );
}
