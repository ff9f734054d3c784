import { Form, useNavigation } from "react-router";
import { Field } from "~/ui/Field";
import {
  answerForForm,
  ErrorSummary,
  errorOf,
  fieldErrorsOf,
  fieldId,
  type FormAnswer,
  SubmitButton,
} from "~/ui/forms";
import type { DiscountJson } from "./admin.server";
import { DISCOUNT_FIELD_ORDER, discountFormId } from "./rules";
import { toLondonLocal } from "~/shared/london-time";
import { formatPenceDecimal } from "~/pricing/money";
import { DISCOUNT_CODE_MAX } from "~/shared/limits";

const localOf = (iso: string | null) => (iso ? toLondonLocal(new Date(iso)) : "");

/** A refused form's answer (applyDiscountForm): which form, what was typed, what is wrong. */
export type DiscountFormAnswer = FormAnswer & { values: Record<string, string> };

/** The answer when it is this form's (`form` is "new" or "edit-<CODE>"). */
export const answerFor = (actionData: unknown, form: string) =>
  answerForForm<DiscountFormAnswer>(actionData, form);

/**
 * Create or edit a code (X-OPS-9). Dates are UK times; empty optional fields mean none. Posts
 * `intent` create or edit to the page's action (applyDiscountForm). The server names every wrong
 * field (issue 56): the form is noValidate, and a refusal comes back as the shop's error pattern
 * (a focused summary linking to each field, a message at each) with what was typed.
 */
export function DiscountForm({
  discount,
  answer,
}: {
  discount?: DiscountJson;
  /** The page's action's refusal of this form, if it was. */
  answer?: DiscountFormAnswer;
}) {
  const editing = Boolean(discount);
  const prefix = discountFormId(discount?.code);
  const errors = fieldErrorsOf(answer);
  const typed = answer?.values;
  const at = (name: string) => ({ id: fieldId(prefix, name), name, error: errors[name] });
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === (editing ? "edit" : "create") &&
    (!editing || navigation.formData?.get("code") === discount!.code);
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" noValidate>
      <input type="hidden" name="intent" value={editing ? "edit" : "create"} />
      {answer ? (
        <div className="sm:col-span-2 lg:col-span-3">
          <ErrorSummary
            form={prefix}
            message={errorOf(answer)}
            errors={errors}
            fieldOrder={DISCOUNT_FIELD_ORDER}
            answer={answer}
          />
        </div>
      ) : null}
      {discount ? (
        <input type="hidden" name="code" value={discount.code} />
      ) : (
        <Field
          {...at("code")}
          label="Code"
          required
          defaultValue={typed?.code ?? ""}
          maxLength={DISCOUNT_CODE_MAX}
          pattern={`[A-Za-z0-9_\\-]{2,${DISCOUNT_CODE_MAX}}`}
          hint="Letters, digits, - or _; customers can type it in any case."
          autoCapitalize="characters"
          autoComplete="off"
        />
      )}
      <Field
        {...at("percent")}
        label="Percent off"
        type="number"
        min={1}
        max={100}
        step={1}
        required
        defaultValue={typed?.percent ?? discount?.percent}
      />
      <Field
        {...at("minimumSpend")}
        label="Minimum spend (£, optional)"
        inputMode="decimal"
        hint="On the subtotal before discount."
        defaultValue={
          typed?.minimumSpend ??
          (discount?.minimumSpendPence != null
            ? formatPenceDecimal(discount.minimumSpendPence)
            : "")
        }
      />
      <Field
        {...at("startsAt")}
        label="Starts (UK time, optional)"
        type="datetime-local"
        defaultValue={typed?.startsAt ?? localOf(discount?.startsAt ?? null)}
      />
      <Field
        {...at("endsAt")}
        label="Ends (UK time, optional)"
        type="datetime-local"
        defaultValue={typed?.endsAt ?? localOf(discount?.endsAt ?? null)}
      />
      <Field
        {...at("usageLimit")}
        label="Usage limit (optional)"
        type="number"
        min={1}
        step={1}
        hint="Orders that may hold the code at once: pending or paid."
        defaultValue={typed?.usageLimit ?? discount?.usageLimit ?? ""}
      />
      <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-3">
        <input
          id={`${prefix}-active`}
          type="checkbox"
          name="active"
          defaultChecked={typed ? typed.active === "on" : discount ? discount.active : true}
          className="h-5 w-5 accent-ink"
        />
        <label htmlFor={`${prefix}-active`} className="font-semibold">
          Active
        </label>
      </div>
      <div className="sm:col-span-2 lg:col-span-3">
        <SubmitButton busy={busy}>
          {editing ? `Save ${discount!.code}` : "Create code"}
        </SubmitButton>
      </div>
    </Form>
  );
}
