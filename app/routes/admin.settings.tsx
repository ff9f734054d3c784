import { Form, Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { readSettingsState, saveSettings } from "~/catalogue/editing/settings.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { mailServerState, saveMailServer, sendTestMessage } from "~/mail/mail-server.server";
import { mailerFrom } from "~/mail/mailer.server";
import { MAIL_SERVER_INTENT, MAIL_TEST_INTENT, MailServerSection } from "~/mail/MailServerSection";
import { serviceSettingsFrom } from "~/security/service-settings.server";
import { refuse, pageEndpoint, success } from "~/security/edge.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { ErrorSummary, type FieldErrors, fieldErrorsOf, fieldId } from "~/ui/forms";
import { Button } from "~/ui/Button";
import { Field, SelectField, TextAreaField } from "~/ui/Field";
import { formatPenceDecimal } from "~/pricing/money";
import { parsePoundsToPence } from "~/pricing/parse-pounds";
import { SHIPPING_METHOD_IDS, SHIPPING_METHODS } from "~/pricing/shipping";
import type { ShopSettings } from "~/policy/shop-settings";
import {
  GIFT_CARD_DEFAULT_EXPIRY_MONTHS,
  GIFT_CARD_EXPIRY_MONTHS_MAX,
  GIFT_CARD_EXPIRY_MONTHS_MIN,
} from "~/shared/gift-cards";
import { parseShopSettings } from "~/policy/shop-settings-schema";
import { BODY_LIMITS } from "~/shared/limits";
import type { Route } from "./+types/admin.settings";

export const meta = () => [{ title: "Shop settings | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = await requireOwner(request, "page", context);
  return {
    ...(await readSettingsState(dbFrom(context))),
    // The outgoing mail server (X-OWN-2): its own section and form intents.
    mail: mailServerState(settingsFrom(context), serviceSettingsFrom(context)),
    ownerEmail: owner.email,
  };
}

type Values = Record<string, string>;

/** The form's field for a JSON path the settings name ("delivery.methods[uk-express].pricePence"). */
function formField(path: string): string {
  const method = /^delivery\.methods\[([a-z-]+)\]\.(\w+)/.exec(path);
  if (method) return `${method[1]}.${method[2] === "pricePence" ? "price" : method[2]}`;
  const fields: Record<string, string> = {
    "seller.name": "sellerName",
    "seller.postalAddress": "sellerAddress",
    "seller.email": "sellerEmail",
    "seller.vatNumber": "sellerVat",
    "seller.companyNumber": "sellerCompany",
    "seller.returnsAddress": "sellerReturnsAddress",
    "seller.noticesTo": "sellerNoticesTo",
    "delivery.freeStandardFromPence": "freeFrom",
    "returns.days": "returnDays",
    "giftCards.expiryMonths": "giftCardMonths",
  };
  const key = Object.keys(fields).find((k) => path === k || path.startsWith(`${k}[`));
  return key ? fields[key]! : "form";
}

/** The settings' fields in the order the page shows them (the summary lists them so). */
const FIELD_ORDER = [
  "sellerName",
  "sellerAddress",
  "sellerEmail",
  "sellerReturnsAddress",
  "sellerNoticesTo",
  "sellerVat",
  "sellerCompany",
  ...SHIPPING_METHOD_IDS.flatMap((id) => [`${id}.price`, `${id}.per`, `${id}.leadTime`]),
  "freeFrom",
  "returnDays",
  "giftCardMonths",
];

/** Each wrong field's sentence by the form's name for it; "form" for what no one field holds. */
function formFieldErrors(refusals: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(refusals)) return errors;
  for (const refusal of refusals as { field?: unknown; message?: unknown }[]) {
    if (typeof refusal.field !== "string" || typeof refusal.message !== "string") continue;
    errors[formField(refusal.field)] ??= refusal.message;
  }
  return errors;
}

/**
 * The form as the settings' JSON, and the fields whose typed amount is not one: each is named,
 * and stands as 0 in the JSON so the settings' own rules still check every other field (issue
 * 56: every wrong field at once).
 */
function settingsFromForm(form: Values): { settings: unknown; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  const pence = (name: string, label: string) => {
    const value = parsePoundsToPence(form[name] ?? "");
    if (value !== undefined) return value;
    fieldErrors[name] = `${label}: enter an amount such as 3.99.`;
    return 0;
  };
  const methods = [];
  for (const id of SHIPPING_METHOD_IDS) {
    const price = pence(`${id}.price`, `${SHIPPING_METHODS[id].name} price`);
    methods.push({
      id,
      enabled: form[`${id}.enabled`] === "on",
      pricePence: price,
      per: form[`${id}.per`] ?? "",
      leadTime: form[`${id}.leadTime`] ?? "",
    });
  }
  let freeStandardFromPence: number | null = null;
  if ((form.freeFrom ?? "").trim()) freeStandardFromPence = pence("freeFrom", "Free delivery from");
  const days = (form.returnDays ?? "").trim();
  // Issue 54 (X-GIFT-2): how long a gift card lasts; the schema says what is allowed. A post
  // without the field (a form from before it) keeps what is saved, as a section left out does.
  // A wrong number is named and stands as the default, so the other fields are still checked.
  const months = form.giftCardMonths?.trim();
  const monthsRead = months !== undefined && /^\d{1,4}$/.test(months);
  if (months !== undefined && !monthsRead) {
    fieldErrors.giftCardMonths = `Gift cards last: enter a whole number of months, from ${GIFT_CARD_EXPIRY_MONTHS_MIN} to ${GIFT_CARD_EXPIRY_MONTHS_MAX}.`;
  }
  return {
    settings: {
      seller: {
        name: form.sellerName ?? "",
        postalAddress: (form.sellerAddress ?? "").split(/\r?\n/),
        email: (form.sellerEmail ?? "").trim(),
        vatNumber: form.sellerVat ?? "",
        companyNumber: form.sellerCompany ?? "",
        // X-OWN-1: empty is null (the postal address; the e-mail above).
        returnsAddress: (form.sellerReturnsAddress ?? "").split(/\r?\n/),
        noticesTo: (form.sellerNoticesTo ?? "").trim() || null,
      },
      delivery: { methods, freeStandardFromPence },
      returns: { days: /^\d+$/.test(days) ? Number(days) : days },
      ...(months === undefined
        ? {}
        : {
            giftCards: {
              expiryMonths: monthsRead ? Number(months) : GIFT_CARD_DEFAULT_EXPIRY_MONTHS,
            },
          }),
    },
    fieldErrors,
  };
}

/** A refused save: every wrong field named, the first (in the page's order) as its sentence. */
function refuseFields(fieldErrors: FieldErrors, values: Values) {
  const fields = Object.fromEntries(
    Object.entries(fieldErrors).filter(([name]) => name !== "form"),
  );
  const first = FIELD_ORDER.find((name) => fields[name]) ?? Object.keys(fields)[0];
  const error =
    fieldErrors.form ?? (first ? fields[first] : undefined) ?? "The settings could not be saved.";
  return refuse(400, error, { extra: { field: first ?? "form", fieldErrors: fields, values } });
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.form },
    noStore: true,
  },
  async ({ db, body, owner, context }) => {
    const values: Values = {};
    for (const [key, value] of body.entries()) values[key] = String(value);
    // The outgoing mail server's own forms (X-OWN-2).
    if (values.intent === MAIL_SERVER_INTENT || values.intent === MAIL_TEST_INTENT) {
      const services = serviceSettingsFrom(context);
      const answer =
        values.intent === MAIL_SERVER_INTENT
          ? await saveMailServer(services, values, owner!.email)
          : await sendTestMessage(
              mailerFrom(context),
              services,
              owner!.email,
              clockFrom(context).now(),
            );
      if (answer.ok) return success({ message: answer.data.message });
      return refuse(400, answer.message, { extra: { ...answer.extra, values } });
    }
    const read = settingsFromForm(values);
    if (Object.keys(read.fieldErrors).length) {
      // A typed amount is wrong: nothing is saved, and the settings' rules name the rest too.
      const rest = parseShopSettings(read.settings);
      const fieldErrors = { ...read.fieldErrors };
      for (const [name, sentence] of Object.entries(
        rest.ok ? {} : formFieldErrors(rest.refusals),
      )) {
        fieldErrors[name] ??= sentence;
      }
      return refuseFields(fieldErrors, values);
    }
    const saved = await saveSettings(db, read.settings, owner!.email);
    if (!saved.ok) {
      const path = typeof saved.extra?.field === "string" ? saved.extra.field : "";
      const fieldErrors = formFieldErrors(saved.extra?.refusals);
      if (!Object.keys(fieldErrors).length) fieldErrors[formField(path)] = saved.message;
      return refuseFields(fieldErrors, values);
    }
    return success({
      message: "The settings are saved: every page, total and e-mail now uses them.",
    });
  },
);

/** The form's starting values: what was just typed after a refusal, else the saved settings. */
function startingValues(settings: ShopSettings): Values {
  const values: Values = {
    sellerName: settings.seller.name,
    sellerAddress: settings.seller.postalAddress.join("\n"),
    sellerEmail: settings.seller.email,
    sellerVat: settings.seller.vatNumber ?? "",
    sellerCompany: settings.seller.companyNumber ?? "",
    sellerReturnsAddress: (settings.seller.returnsAddress ?? []).join("\n"),
    sellerNoticesTo: settings.seller.noticesTo ?? "",
    freeFrom:
      settings.delivery.freeStandardFromPence === null
        ? ""
        : formatPenceDecimal(settings.delivery.freeStandardFromPence),
    returnDays: String(settings.returns.days),
    giftCardMonths: String(settings.giftCards?.expiryMonths ?? GIFT_CARD_DEFAULT_EXPIRY_MONTHS),
  };
  for (const method of settings.delivery.methods) {
    if (method.enabled) values[`${method.id}.enabled`] = "on";
    values[`${method.id}.price`] = formatPenceDecimal(method.pricePence);
    values[`${method.id}.per`] = method.per;
    values[`${method.id}.leadTime`] = method.leadTime;
  }
  return values;
}

/** The settings form's id prefix: the error summary links to `settings-<field>`. */
const SETTINGS_FORM = "settings";

/** /admin/settings (X-TRUE-2): who sells, delivery prices and times, the return window. */
export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, deliveryReviewed, mail, ownerEmail } = loaderData;
  const refused =
    actionData && typeof actionData === "object" && "error" in actionData
      ? (actionData as { error: string; field?: string; values?: Values })
      : null;
  const mailRefused = refused?.values?.intent?.startsWith("mail-");
  const values = (!mailRefused && refused?.values) || startingValues(settings);
  // Every wrong field at once (issue 56); the mail server's forms name one field.
  const fieldErrors = fieldErrorsOf(refused);
  const errorFor = (name: string) =>
    fieldErrors[name] ?? (refused?.field === name ? refused.error : undefined);
  // The form is keyed by what it shows, so a save or a refusal resets the fields to it.
  const formKey = JSON.stringify(values);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Shop settings</h1>
      <p className="text-muted">
        Who sells, what delivery costs and how long buyers have to send things back. The product
        pages, cart, checkout, policy pages, receipts and e-mails all say what you set here.
        {deliveryReviewed
          ? null
          : " Until you save them once, the product page keeps the demo wording of the specification."}
      </p>
      {/* Issue 56: a refusal is the one error pattern (a summary that takes the focus and links
          to the field); a save's message takes the focus (the form is drawn again). */}
      {refused && !mailRefused ? (
        <ErrorSummary
          form={SETTINGS_FORM}
          message={refused.error}
          errors={fieldErrors}
          fieldOrder={FIELD_ORDER}
          answer={actionData}
        />
      ) : (
        <ActionOutcome outcome={actionData} focus />
      )}
      <Form method="post" key={formKey} className="space-y-6" noValidate>
        <fieldset className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5">
          <legend className="float-left mb-2 w-full font-display text-xl font-bold uppercase">
            The seller
          </legend>
          <p className="text-sm text-muted">
            Printed on receipts, order e-mails and packing slips, as the law asks, and shown on
            every page that names the shop: contact, returns, privacy (you are the controller of
            your customers&apos; data), terms, the footer and what search engines read.
          </p>
          <Field
            label="Trading name"
            name="sellerName"
            defaultValue={values.sellerName}
            id={fieldId(SETTINGS_FORM, "sellerName")}
            error={errorFor("sellerName")}
            autoComplete="organization"
          />
          <TextAreaField
            label="Postal address"
            name="sellerAddress"
            rows={4}
            defaultValue={values.sellerAddress}
            hint="One line per line of the address."
            id={fieldId(SETTINGS_FORM, "sellerAddress")}
            error={errorFor("sellerAddress")}
          />
          <Field
            label="E-mail for customers"
            name="sellerEmail"
            type="email"
            defaultValue={values.sellerEmail}
            id={fieldId(SETTINGS_FORM, "sellerEmail")}
            error={errorFor("sellerEmail")}
          />
          <TextAreaField
            label="Returns address (optional)"
            name="sellerReturnsAddress"
            rows={4}
            defaultValue={values.sellerReturnsAddress}
            hint="Where customers post returns, if not the postal address above. Leave empty to use the postal address."
            id={fieldId(SETTINGS_FORM, "sellerReturnsAddress")}
            error={errorFor("sellerReturnsAddress")}
          />
          <Field
            label="Send the shop's notices to (optional)"
            name="sellerNoticesTo"
            type="email"
            defaultValue={values.sellerNoticesTo}
            hint="Paid orders, return requests, enquiries and team closings. Leave empty to use the e-mail for customers."
            id={fieldId(SETTINGS_FORM, "sellerNoticesTo")}
            error={errorFor("sellerNoticesTo")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="VAT number (optional)"
              name="sellerVat"
              defaultValue={values.sellerVat}
              hint="For example GB123456789."
              id={fieldId(SETTINGS_FORM, "sellerVat")}
              error={errorFor("sellerVat")}
            />
            <Field
              label="Company number (optional)"
              name="sellerCompany"
              defaultValue={values.sellerCompany}
              hint="8 characters, for example 01234567."
              id={fieldId(SETTINGS_FORM, "sellerCompany")}
              error={errorFor("sellerCompany")}
            />
          </div>
        </fieldset>
        <fieldset className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5">
          <legend className="float-left mb-2 w-full font-display text-xl font-bold uppercase">
            Delivery
          </legend>
          {SHIPPING_METHOD_IDS.map((id) => {
            const name = SHIPPING_METHODS[id].name;
            return (
              <div key={id} className="space-y-3 border-b border-stone pb-4 last:border-0">
                <h2 className="font-semibold">{name}</h2>
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name={`${id}.enabled`}
                    defaultChecked={values[`${id}.enabled`] === "on"}
                    className="size-5 accent-accent"
                  />
                  Offer {name} at checkout
                </label>
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field
                    label={`${name} price (£)`}
                    name={`${id}.price`}
                    inputMode="decimal"
                    defaultValue={values[`${id}.price`]}
                    id={fieldId(SETTINGS_FORM, `${id}.price`)}
                    error={errorFor(`${id}.price`)}
                  />
                  <SelectField
                    label={`${name} charged`}
                    name={`${id}.per`}
                    defaultValue={values[`${id}.per`]}
                    id={fieldId(SETTINGS_FORM, `${id}.per`)}
                    error={errorFor(`${id}.per`)}
                  >
                    <option value="item">per item</option>
                    <option value="order">per order</option>
                  </SelectField>
                  <Field
                    label={`${name} takes`}
                    name={`${id}.leadTime`}
                    defaultValue={values[`${id}.leadTime`]}
                    hint="After dispatch, e.g. 2-5 working days."
                    id={fieldId(SETTINGS_FORM, `${id}.leadTime`)}
                    error={errorFor(`${id}.leadTime`)}
                  />
                </div>
              </div>
            );
          })}
          <Field
            label="Free UK standard delivery from (£)"
            name="freeFrom"
            inputMode="decimal"
            defaultValue={values.freeFrom}
            hint="The order's value after any discount; empty: never free."
            id={fieldId(SETTINGS_FORM, "freeFrom")}
            error={errorFor("freeFrom")}
          />
        </fieldset>
        <fieldset className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5">
          <legend className="float-left mb-2 w-full font-display text-xl font-bold uppercase">
            Returns
          </legend>
          <Field
            label="Days to return unworn, non-personalised items"
            name="returnDays"
            className="clear-both"
            inputMode="numeric"
            defaultValue={values.returnDays}
            hint="Your window, said on every page, badge and e-mail (“30-day returns”); counted from delivery (or from dispatch plus the delivery time when no delivery date is known). At least 14, the buyer's legal right to cancel, which it includes."
            id={fieldId(SETTINGS_FORM, "returnDays")}
            error={errorFor("returnDays")}
          />
        </fieldset>
        <fieldset className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5">
          <legend className="float-left mb-2 w-full font-display text-xl font-bold uppercase">
            Gift cards
          </legend>
          <Field
            label="Months a gift card lasts"
            name="giftCardMonths"
            className="clear-both"
            inputMode="numeric"
            defaultValue={values.giftCardMonths}
            hint={`Counted from the day a card is issued; its last day is said in the recipient's e-mail and at the balance check. From ${GIFT_CARD_EXPIRY_MONTHS_MIN} to ${GIFT_CARD_EXPIRY_MONTHS_MAX}; ${GIFT_CARD_DEFAULT_EXPIRY_MONTHS} until you change it. Cards already issued keep their last day.`}
            id={fieldId(SETTINGS_FORM, "giftCardMonths")}
            error={errorFor("giftCardMonths")}
          />
        </fieldset>
        <Button>Save the settings</Button>
      </Form>
      <MailServerSection
        mail={mail}
        ownerEmail={ownerEmail}
        values={mailRefused ? refused?.values : undefined}
        errorFor={errorFor}
      />
      <p>
        Stripe&apos;s keys and the shop&apos;s public address:{" "}
        <Link to="/admin/payments" className="font-semibold underline">
          Payments and address
        </Link>
        .
      </p>
    </div>
  );
}
