import { Form } from "react-router";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import type { DiscountJson } from "./admin.server";
import { toLondonLocal } from "~/shared/london-time";
import { formatPenceDecimal } from "~/pricing/money";
import { DISCOUNT_CODE_MAX } from "~/shared/limits";

const localOf = (iso: string | null) => (iso ? toLondonLocal(new Date(iso)) : "");

/**
 * Create or edit a code (X-OPS-9). Dates are UK times; empty optional fields mean none. Posts
 * `intent` create or edit to the page's action (applyDiscountForm).
 */
export function DiscountForm({ discount }: { discount?: DiscountJson }) {
  const editing = Boolean(discount);
  const prefix = discount ? `edit-${discount.code}` : "new";
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <input type="hidden" name="intent" value={editing ? "edit" : "create"} />
      {discount ? (
        <input type="hidden" name="code" value={discount.code} />
      ) : (
        <Field
          id={`${prefix}-code`}
          label="Code"
          name="code"
          required
          maxLength={DISCOUNT_CODE_MAX}
          pattern={`[A-Za-z0-9_\\-]{2,${DISCOUNT_CODE_MAX}}`}
          hint="Letters, digits, - or _; customers can type it in any case."
          autoCapitalize="characters"
          autoComplete="off"
        />
      )}
      <Field
        id={`${prefix}-percent`}
        label="Percent off"
        name="percent"
        type="number"
        min={1}
        max={100}
        step={1}
        required
        defaultValue={discount?.percent}
      />
      <Field
        id={`${prefix}-minimum`}
        label="Minimum spend (£, optional)"
        name="minimumSpend"
        inputMode="decimal"
        pattern="£?[0-9]{1,7}(\.[0-9]{1,2})?"
        hint="On the subtotal before discount."
        defaultValue={
          discount?.minimumSpendPence != null ? formatPenceDecimal(discount.minimumSpendPence) : ""
        }
      />
      <Field
        id={`${prefix}-starts`}
        label="Starts (UK time, optional)"
        name="startsAt"
        type="datetime-local"
        defaultValue={localOf(discount?.startsAt ?? null)}
      />
      <Field
        id={`${prefix}-ends`}
        label="Ends (UK time, optional)"
        name="endsAt"
        type="datetime-local"
        defaultValue={localOf(discount?.endsAt ?? null)}
      />
      <Field
        id={`${prefix}-limit`}
        label="Usage limit (optional)"
        name="usageLimit"
        type="number"
        min={1}
        step={1}
        hint="Orders that may hold the code at once: pending or paid."
        defaultValue={discount?.usageLimit ?? ""}
      />
      <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-3">
        <input
          id={`${prefix}-active`}
          type="checkbox"
          name="active"
          defaultChecked={discount ? discount.active : true}
          className="h-5 w-5 accent-ink"
        />
        <label htmlFor={`${prefix}-active`} className="font-semibold">
          Active
        </label>
      </div>
      <div className="sm:col-span-2 lg:col-span-3">
        <Button>{editing ? `Save ${discount!.code}` : "Create code"}</Button>
      </div>
    </Form>
  );
}
