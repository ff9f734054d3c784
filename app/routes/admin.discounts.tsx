import { Form } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { Button } from "~/ui/Button";
import { dbFrom } from "~/db/context.server";
import { applyDiscountForm, listDiscounts } from "~/discounts/admin.server";
import { answerFor, DiscountForm } from "~/discounts/DiscountForm";
import { discountFormId } from "~/discounts/rules";
import { formatLondon } from "~/shared/london-time";
import { formatPence } from "~/pricing/money";
import { pageEndpoint, success } from "~/security/edge.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import type { Route } from "./+types/admin.discounts";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () => [{ title: "Discount codes | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "page", context);
  return { discounts: await listDiscounts(db) };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.short },
    noStore: true,
  },
  async ({ db, body, owner }) => {
    const outcome = await applyDiscountForm(db, body, owner!.email);
    if (!outcome.ok) return outcome;
    const verb = body.get("intent") === "create" ? "created" : "saved";
    return success({ message: `${outcome.data.code} ${verb}.` }, outcome.created ? 201 : 200);
  },
);

function dates(startsAt: string | null, endsAt: string | null): string {
  if (!startsAt && !endsAt) return "Always";
  const from = startsAt ? `From ${formatLondon(new Date(startsAt))}` : "";
  const to = endsAt ? `until ${formatLondon(new Date(endsAt))}` : "";
  return [from, to]
    .filter(Boolean)
    .join(" ")
    .replace(/^until/, "Until");
}

/** /admin/discounts (X-OPS-9): every code, a form to create one, edit and disable. */
export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  // A form's refusal is said in that form (issue 56); a save, a toggle or any other answer here,
  // its message taking the focus (the new code's form is drawn afresh).
  const formRefused = Boolean(actionData && typeof actionData === "object" && "form" in actionData);
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header>
        <h1 className="font-display text-3xl font-bold uppercase">Discount codes</h1>
        <p className="mt-1 text-muted">
          A pending checkout holds its use of a code until it is paid, cancelled or expires.
        </p>
      </header>
      <ActionOutcome outcome={formRefused ? undefined : actionData} focus />
      <ul className="space-y-4" aria-label="Codes">
        {loaderData.discounts.map((discount) => (
          <li key={discount.code}>
            <section
              aria-labelledby={`code-${discount.code}`}
              className={`rounded-lg p-5 ring-1 ring-black/5 ${discount.active ? "bg-white" : "bg-stone/60"}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="font-display text-xl font-bold tracking-wide uppercase">
                  <span id={`code-${discount.code}`}>{discount.code}</span>
                  <span className="ml-3 rounded-full bg-ink px-2 align-middle font-sans text-sm text-paper normal-case">
                    {discount.percent}% off
                  </span>
                </h2>
                <Form method="post">
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="code" value={discount.code} />
                  <input type="hidden" name="active" value={discount.active ? "false" : "true"} />
                  <Button
                    variant="secondary"
                    aria-label={`${discount.active ? "Disable" : "Enable"} ${discount.code}`}
                  >
                    {discount.active ? "Disable" : "Enable"}
                  </Button>
                </Form>
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
                <div>
                  <dt className="font-semibold">Status</dt>
                  <dd>{discount.active ? "Active" : "Disabled"}</dd>
                </div>
                <div>
                  <dt className="font-semibold">Dates</dt>
                  <dd>{dates(discount.startsAt, discount.endsAt)}</dd>
                </div>
                <div>
                  <dt className="font-semibold">Uses</dt>
                  <dd>
                    {discount.uses}
                    {discount.usageLimit !== null ? ` of ${discount.usageLimit}` : " (no limit)"}
                  </dd>
                </div>
                <div>
                  <dt className="font-semibold">Minimum spend</dt>
                  <dd>
                    {discount.minimumSpendPence !== null
                      ? formatPence(discount.minimumSpendPence)
                      : "None"}
                  </dd>
                </div>
              </dl>
              <details
                className="mt-3"
                open={Boolean(answerFor(actionData, discountFormId(discount.code))) || undefined}
              >
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold underline underline-offset-4">
                  Edit {discount.code}
                </summary>
                <div className="mt-2">
                  <DiscountForm
                    discount={discount}
                    answer={answerFor(actionData, discountFormId(discount.code))}
                  />
                </div>
              </details>
            </section>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="new-code-heading"
        className="rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="new-code-heading" className="mb-3 font-display text-xl font-bold uppercase">
          New code
        </h2>
        {/* A new form (empty fields) after each save. */}
        <DiscountForm
          key={actionData && "message" in actionData ? actionData.message : "new"}
          answer={answerFor(actionData, discountFormId())}
        />
      </section>
    </div>
  );
}
