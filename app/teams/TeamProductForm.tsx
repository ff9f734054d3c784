import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { ProductImage } from "~/catalogue/components/ProductImage";
import { formatPence } from "~/pricing/money";
import { CUSTOM_TEXT_MAX } from "~/shared/limits";
import { Field, SelectField } from "~/ui/Field";
import {
  answerForForm,
  ErrorSummary,
  errorOf,
  fieldErrorsOf,
  fieldId,
  type FormAnswer,
  SubmitButton,
} from "~/ui/forms";
import { type PublicTeam, TEAM_FORM_FIELDS, type TeamChoicePrefill, teamFormId } from "./rules";

type Offered = PublicTeam["products"][number];

/** A refusal of one product's form (routes/team.tsx): which form, what was typed, what is wrong. */
export type TeamFormAnswer = FormAnswer;

/** The page's answer when it is this form's. */
export const teamFormAnswer = (actionData: unknown, form: string) =>
  answerForForm(actionData, form);

/**
 * One offered product on /team/<slug> (X-TEAM-2): a plain form the server answers, so it works
 * without JavaScript. "Order" is checked by the team page (every wrong field named at once in the
 * shop's error pattern, issue 56), then goes on to the team's checkout step; where the organiser
 * pays, the form sends the entry. The team's text is shown, not editable; the member's name box
 * only where the team prints names.
 */
export function TeamProductForm({
  slug,
  product,
  fixedText,
  memberNames,
  prefill,
  organiserPays = false,
  entryKey,
  sizeGuide,
  answer,
}: {
  /** The page's refusal of this form (teamFormAnswer), if it was. */
  answer?: TeamFormAnswer;
  /** Issue 41: the product's size charts, as the size guide shows them (the route's to give). */
  sizeGuide?: ReactNode;
  slug: string;
  product: Offered;
  fixedText: string;
  memberNames: boolean;
  prefill?: TeamChoicePrefill;
  /** X-TEAM-7: the organiser pays: the form sends an entry (name, e-mail, choice), no card. */
  organiserPays?: boolean;
  /** X-SEC-25: the members' key from the organiser's link, sent with the entry. */
  entryKey?: string | null;
}) {
  const id = teamFormId(product.productId, product.optionType);
  const mine =
    prefill?.productId === product.productId && prefill.optionType === product.optionType
      ? prefill
      : undefined;
  const errors = fieldErrorsOf(answer);
  const typed = answer?.values;
  // Each field's name, id (the summary links to it), message and what was typed.
  const at = (name: string) => ({ id: fieldId(id, name), name, error: errors[name] });
  const action = organiserPays
    ? `/team/${slug}${entryKey ? `?key=${encodeURIComponent(entryKey)}` : ""}`
    : `/team/${slug}?choose`;
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("productId") === product.productId &&
    navigation.formData?.get("optionType") === product.optionType;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={`rounded-lg bg-white p-5 ring-1 ring-black/5 ${mine ? "ring-2 ring-accent" : ""}`}
    >
      <div className="flex items-start gap-4">
        {product.image ? (
          // Issue 41: what the member is ordering, as the shop shows it.
          <div className="size-24 shrink-0 overflow-hidden rounded-md bg-stone sm:size-32">
            <ProductImage image={{ ...product.image, view: "front" }} />
          </div>
        ) : null}
        <div>
          <h2 id={`${id}-heading`} className="font-display text-xl font-bold uppercase">
            {product.name}
            {product.optionType !== "Standard" ? ` (${product.optionType})` : ""}
          </h2>
          <p className="mt-1 text-lg font-semibold">
            {formatPence(product.teamPricePence)}{" "}
            <span className="text-sm font-normal text-muted">team price</span>
          </p>
          <p className="text-sm text-muted">Sizes: {product.sizes.join(", ")}</p>
        </div>
      </div>
      {sizeGuide ? (
        <details className="mt-3">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold underline underline-offset-4">
            Size guide
            <span className="sr-only">
              {" "}
              for {product.name} ({product.optionType})
            </span>
          </summary>
          {sizeGuide}
        </details>
      ) : null}
      <Form method="post" action={action} className="mt-4 space-y-4" noValidate>
        {answer ? (
          <ErrorSummary
            form={id}
            message={errorOf(answer)}
            errors={errors}
            fieldOrder={TEAM_FORM_FIELDS}
            answer={answer}
          />
        ) : null}
        {organiserPays && entryKey ? <input type="hidden" name="key" value={entryKey} /> : null}
        {organiserPays ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Your name"
              {...at("name")}
              autoComplete="name"
              maxLength={80}
              required
              defaultValue={typed?.name ?? ""}
            />
            <Field
              label="Your e-mail"
              {...at("email")}
              type="email"
              autoComplete="email"
              maxLength={254}
              required
              defaultValue={typed?.email ?? ""}
            />
          </div>
        ) : null}
        <input type="hidden" name="productId" value={product.productId} />
        <input type="hidden" name="optionType" value={product.optionType} />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceSelect
            label="Size"
            {...at("size")}
            choices={product.sizes}
            chosen={typed ? typed.size : mine?.size}
          />
          {product.beltRanks ? (
            <ChoiceSelect
              label="Belt rank"
              {...at("beltRank")}
              choices={product.beltRanks}
              chosen={typed ? typed.beltRank : mine?.beltRank}
            />
          ) : null}
          {product.colors ? (
            <ChoiceSelect
              label="Colour"
              {...at("color")}
              choices={product.colors}
              chosen={typed ? typed.color : mine?.color}
            />
          ) : null}
        </div>
        <p className="text-sm">
          Printed on it: <strong className="font-display tracking-wide">{fixedText}</strong>
        </p>
        {memberNames ? (
          <Field
            label="Your name to print (optional)"
            hint={`Up to ${CUSTOM_TEXT_MAX} characters.`}
            {...at("printName")}
            maxLength={CUSTOM_TEXT_MAX}
            autoComplete="off"
            defaultValue={typed?.printName ?? mine?.printName ?? ""}
          />
        ) : null}
        {organiserPays ? (
          <SubmitButton
            busy={busy}
            aria-label={`Send my choice: ${product.name} (${product.optionType})`}
          >
            Send my choice
          </SubmitButton>
        ) : (
          <SubmitButton busy={busy} aria-label={`Order ${product.name} (${product.optionType})`}>
            Order
          </SubmitButton>
        )}
      </Form>
    </section>
  );
}

/** One required choice of the line (size, belt rank, colour): "Choose a …" until one is picked. */
function ChoiceSelect({
  label,
  name,
  id,
  error,
  choices,
  chosen,
}: {
  label: string;
  name: string;
  id: string;
  /** Its message when the form came back refused. */
  error?: string;
  choices: readonly string[];
  /** What was chosen: the roster link's prefill, or what was sent when refused. */
  chosen?: string;
}) {
  return (
    <SelectField
      label={label}
      name={name}
      required
      id={id}
      error={error}
      defaultValue={chosen ?? ""}
    >
      <option value="" disabled>
        {`Choose a ${label.toLowerCase()}`}
      </option>
      {choices.map((choice) => (
        <option key={choice}>{choice}</option>
      ))}
    </SelectField>
  );
}
