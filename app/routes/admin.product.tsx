import { chartText } from "~/catalogue/fit";
import { ZERO_RATING_NOTICE_URL } from "~/pricing/vat";
import { useEffect, useMemo } from "react";
import { filesFrom } from "~/storage/files.server";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { CATEGORY_LABELS, DESIGNS } from "~/catalogue";
import {
  blankProduct,
  NEW_OPTION_SLOTS,
  PRODUCT_FORM,
  productFieldErrors,
  productFieldOrder,
  readProductForm,
} from "~/catalogue/editing/product-form";
import {
  AUDIENCES,
  GARMENT_KINDS,
  PRODUCT_CATEGORIES,
  penceToPounds,
  STALE_VERSION,
  STATUSES,
} from "~/catalogue/editing/product-input";
import {
  archiveProduct,
  createProduct,
  readOwnerProduct,
  updateProduct,
} from "~/catalogue/editing/products.server";
import {
  isPhotoIntent,
  photoFormAction,
  uploadFromForm,
} from "~/catalogue/photos/owner-form.server";
import { listOwnerPhotos } from "~/catalogue/photos/owner.server";
import { PHOTO_MESSAGES, productColors } from "~/catalogue/photos/photo-rules";
import { PhotoManager } from "~/catalogue/photos/PhotoManager";
import type { OwnerOption } from "~/catalogue/editing/products.server";
import { BODY_LIMITS } from "~/shared/limits";
import type { Problem } from "~/shared/problems";
import { clockFrom, dbFrom } from "~/db/context.server";
import { type Outcome, pageEndpoint, refuse, success } from "~/security/edge.server";
import { Button } from "~/ui/Button";
import { Field, SelectField, TextAreaField } from "~/ui/Field";
import { errorOf, ErrorSummary, fieldErrorsOf, fieldId } from "~/ui/forms";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { AskFirst, CONFIRMED } from "~/ui/AskFirst";
import { ownerVariants, saveVariantIds } from "~/catalogue/editing/variant-ids.server";
import {
  VARIANT_IDS_FORM,
  VARIANT_IDS_INTENT,
  VariantIdsForm,
  variantField,
} from "~/catalogue/components/VariantIdsForm";
import type { Route } from "./+types/admin.product";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.product.name || "New product"} | GRIP TRUTH back office`,
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  if (!params.id)
    return {
      product: blankProduct(),
      creating: true,
      photos: [],
      justCreated: false,
      variants: [],
    };
  const product = await readOwnerProduct(dbFrom(context), params.id);
  if (!product) throw data("No such product", { status: 404 });
  const photos = (await listOwnerPhotos(dbFrom(context), params.id)) ?? [];
  // After "Create product" the page says so (X-TRUE-6): the redirect carries ?created=1.
  const justCreated = new URL(request.url).searchParams.get("created") === "1";
  // X-FIND-1: each variant's SKU, GTIN and MPN.
  const variants = (await ownerVariants(dbFrom(context), params.id)).map((v) => ({
    optionType: v.optionType,
    size: v.size,
    color: v.color,
    sku: v.sku,
    ownSku: v.ownSku,
    gtin: v.gtin,
    mpn: v.mpn,
  }));
  return { product, creating: false, photos, justCreated, variants };
}

/** The photo upload form (X-PHOTO-1): multipart, up to 20 MB. */
const uploadAction = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: {
      kind: "multipart",
      limit: BODY_LIMITS.productPhoto,
      tooLarge: PHOTO_MESSAGES.tooLarge,
    },
    noStore: true,
  },
  ({ db, body, params, owner, context }) =>
    uploadFromForm(db, params.id ?? "", body, owner!.email, filesFrom(context)),
);

export function action(args: Route.ActionArgs) {
  const type = args.request.headers.get("content-type") ?? "";
  return args.params.id && type.startsWith("multipart/form-data")
    ? uploadAction(args)
    : formAction(args);
}

/** Saves the form (create or update with its version), archives the product, or changes a photo. */
const formAction = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.document },
    noStore: true,
  },
  async ({
    db,
    body,
    params,
    owner,
    context,
  }): Promise<Outcome<{ message: string } | { draft: Record<string, string>; slots: number }>> => {
    const id = params.id;
    if (id && isPhotoIntent(body)) {
      return photoFormAction(db, id, body, owner!.email, filesFrom(context));
    }
    if (body.get("intent") === VARIANT_IDS_INTENT && id) {
      const text = (name: string) => {
        const value = body.get(name);
        return typeof value === "string" ? value : "";
      };
      const count = Math.min(Number(text("variantCount")) || 0, 2000);
      const typed = Array.from({ length: count }, (_, i) => ({
        optionType: text(variantField(i, "option")),
        size: text(variantField(i, "size")),
        color: text(variantField(i, "color")),
        sku: text(variantField(i, "sku")),
        gtin: text(variantField(i, "gtin")),
        mpn: text(variantField(i, "mpn")),
      }));
      const saved = await saveVariantIds(db, id, typed, owner!.email);
      if (saved.ok) return success({ message: "The variants' identifiers are saved." });
      const errors = (saved.extra?.variantErrors ?? []) as {
        index: number;
        field: string;
        message: string;
      }[];
      const fieldErrors = Object.fromEntries(
        errors
          .filter((e) => e.field !== "variant")
          .map((e) => [variantField(e.index, e.field), e.message]),
      );
      return refuse(400, saved.message, { extra: { form: VARIANT_IDS_FORM, fieldErrors } });
    }
    if (body.get("intent") === "archive" && id) {
      if (body.get("confirm") !== CONFIRMED) {
        return refuse(400, 'Press "Archive" again to confirm: the product leaves the shop.');
      }
      const archived = await archiveProduct(db, id, owner!.email);
      return archived.ok ? success({ message: `${archived.data.name} archived.` }) : archived;
    }
    if (body.get("intent") === "add-option") {
      // Another empty option, nothing saved: the form comes back with what was typed (X-TRUE-6).
      return success({ draft: formDraft(body), slots: (Number(body.get("optionCount")) || 0) + 1 });
    }
    const read = readProductForm(body, !id);
    // A refusal of the form keeps what was typed and names its wrong fields (X-A11Y-2).
    if (!read.ok) {
      const extra = { form: PRODUCT_FORM, fieldErrors: read.fieldErrors, draft: formDraft(body) };
      return refuse(400, read.error, { extra });
    }
    // A refused "was" price (X-TRUE-1) is said beside its option's field too, with what was typed.
    const keepTyped = (problem: Problem): Problem =>
      problem.kind === "not_genuine"
        ? { ...problem, extra: { ...problem.extra, form: PRODUCT_FORM, draft: formDraft(body) } }
        : problem.kind === "invalid_input"
          ? {
              ...problem,
              extra: {
                ...problem.extra,
                form: PRODUCT_FORM,
                fieldErrors: productFieldErrors(read.body, read.slots, !id),
                draft: formDraft(body),
              },
            }
          : problem.kind === "already_exists"
            ? {
                ...problem,
                extra: {
                  ...problem.extra,
                  form: PRODUCT_FORM,
                  fieldErrors: { id: problem.message },
                  draft: formDraft(body),
                },
              }
            : { ...problem, extra: { ...problem.extra, form: PRODUCT_FORM } };
    if (!id) {
      const created = await createProduct(db, read.body, owner!.email, clockFrom(context).now());
      if (!created.ok) return keepTyped(created);
      throw redirect(`/admin/products/${created.data.id}?created=1`);
    }
    const saved = await updateProduct(db, id, read.body, owner!.email, clockFrom(context).now());
    return saved.ok ? success({ message: `${saved.data.name} saved.` }) : keepTyped(saved);
  },
);

const ADD_HINT = "One per line, in the order the shop shows them.";

/** The form's typed values by field name, to show again when the form comes back unsaved. */
function formDraft(form: FormData): Record<string, string> {
  const draft: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string" && name !== "intent") draft[name] = value;
  }
  return draft;
}

/** A field's value: what was typed when the form came back unsaved, else what is stored. */
type ValueOf = (name: string, stored: string) => string;
type CheckedOf = (name: string, stored: boolean) => boolean;
/** A field's name, its id (the error summary links to it) and its own message, if wrong. */
type FieldAt = (name: string) => { name: string; id: string; error?: string };

function OptionFields({
  option,
  n,
  value,
  checked,
  fresh,
  at,
}: {
  option: OwnerOption | undefined;
  n: number;
  value: ValueOf;
  checked: CheckedOf;
  /** Which of the empty options this is (0: the first). */
  fresh: number;
  /** Each field's name, id and message (X-A11Y-2). */
  at: FieldAt;
}) {
  const legend = option
    ? `Option: ${option.type}`
    : fresh === 0
      ? "Add an option"
      : `Add another option (${fresh + 1})`;
  return (
    <fieldset className="space-y-3 rounded-md border border-ink/15 p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-4">
        <Field
          label="Type"
          {...at(`option-${n}-type`)}
          defaultValue={value(`option-${n}-type`, option?.type ?? "")}
          hint="e.g. Rashguard, Shorts, Gi"
        />
        <Field
          label="Price (£)"
          {...at(`option-${n}-price`)}
          inputMode="decimal"
          defaultValue={value(`option-${n}-price`, penceToPounds(option?.pricePence))}
        />
        <Field
          label="Compare-at price (£)"
          {...at(`option-${n}-compareAt`)}
          inputMode="decimal"
          defaultValue={value(`option-${n}-compareAt`, penceToPounds(option?.compareAtPricePence))}
        />
        <Field
          label="Position"
          {...at(`option-${n}-position`)}
          type="number"
          min={1}
          defaultValue={value(`option-${n}-position`, String(n + 1))}
          hint="Options are shown by this number."
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextAreaField
          label="Sizes"
          {...at(`option-${n}-sizes`)}
          rows={5}
          hint={ADD_HINT}
          defaultValue={value(`option-${n}-sizes`, option?.sizes.join("\n") ?? "")}
        />
        <TextAreaField
          label="Belt ranks"
          {...at(`option-${n}-beltRanks`)}
          rows={5}
          hint="Leave empty when there is no choice of rank."
          defaultValue={value(`option-${n}-beltRanks`, option?.beltRanks?.join("\n") ?? "")}
        />
        <TextAreaField
          label="Colours"
          {...at(`option-${n}-colors`)}
          rows={5}
          hint="Leave empty when there is no choice of colour."
          defaultValue={value(`option-${n}-colors`, option?.colors?.join("\n") ?? "")}
        />
      </div>
      <TextAreaField
        label="Standard-rated sizes"
        {...at(`option-${n}-standardRatedSizes`)}
        rows={2}
        hint="Zero-rated products only: the sizes above HMRC's limits for young children (e.g. 14Y, M4), one per line. Empty: every size zero-rated."
        defaultValue={value(
          `option-${n}-standardRatedSizes`,
          option?.standardRatedSizes?.join("\n") ?? "",
        )}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <TextAreaField
          label="Size finder chart"
          {...at(`option-${n}-fit`)}
          rows={5}
          className="sm:col-span-2"
          hint='One line per size, e.g. "A1: height 160-170, weight 55-68" (height, weight, chest and waist in cm or kg, age in years). Empty: no size finder.'
          defaultValue={value(`option-${n}-fit`, chartText(option?.fit))}
        />
        <Field
          label="Shrinks about (%)"
          {...at(`option-${n}-shrink`)}
          inputMode="decimal"
          hint="Gis: between two sizes the finder then suggests the larger. Empty: does not shrink."
          defaultValue={value(
            `option-${n}-shrink`,
            option?.fit?.shrinkPercent ? String(option.fit.shrinkPercent) : "",
          )}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <Field
          label="Name on it (£ extra)"
          {...at(`option-${n}-customPrice`)}
          inputMode="decimal"
          hint="Empty: no paid name."
          defaultValue={value(`option-${n}-customPrice`, penceToPounds(option?.customPricePence))}
        />
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            name={`option-${n}-customizable`}
            defaultChecked={checked(`option-${n}-customizable`, Boolean(option?.customizable))}
            className="size-5"
          />
          Takes the customer's own text
        </label>
        {option ? (
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              name={`option-${n}-remove`}
              defaultChecked={checked(`option-${n}-remove`, false)}
              className="size-5"
            />
            Remove this option
          </label>
        ) : null}
      </div>
    </fieldset>
  );
}

/** /admin/products/new and /admin/products/:id (X-CAT-2): every field of a product. */
export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, creating, photos, justCreated, variants } = loaderData;
  const variantsAnswer =
    actionData && "form" in actionData && actionData.form === VARIANT_IDS_FORM
      ? actionData
      : undefined;
  // "Add another option" (nothing saved) answers the typed form and one more slot; a refused
  // "was" price answers the typed form, its option and the sentence (X-TRUE-1).
  const unsaved =
    actionData && "slots" in actionData
      ? (actionData as { draft: Record<string, string>; slots: number })
      : undefined;
  // A refusal of the product form (X-A11Y-2): the summary at its top, each wrong field's message.
  const formAnswer =
    actionData && "form" in actionData && actionData.form === PRODUCT_FORM
      ? (actionData as unknown as {
          draft?: Record<string, string>;
          option?: string;
          error: string;
        })
      : undefined;
  const draft = unsaved?.draft ?? formAnswer?.draft;
  const slots =
    unsaved?.slots ?? (Number(draft?.optionCount) || product.options.length + NEW_OPTION_SLOTS);
  const value: ValueOf = (name, stored) => (draft ? (draft[name] ?? "") : stored);
  const checked: CheckedOf = (name, stored) => (draft ? draft[name] === "on" : stored);
  const errors = fieldErrorsOf(formAnswer);
  if (formAnswer?.option) {
    // A refused "was" price names its option's type: said beside that option's field.
    for (let n = 0; n < slots; n += 1) {
      if (value(`option-${n}-type`, product.options[n]?.type ?? "") === formAnswer.option)
        errors[`option-${n}-compareAt`] ??= formAnswer.error;
    }
  }
  // The form is being sent (not "Add another option", not a photo's form): Save stays focusable.
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && !navigation.formData?.has("intent");
  // One object per answer: the message takes the focus when it appears, not at each re-render.
  const createdOutcome = useMemo(
    () => (justCreated ? { message: `${product.name} created.` } : undefined),
    [justCreated, product.name],
  );
  const at: FieldAt = (name) => ({ name, id: fieldId(PRODUCT_FORM, name), error: errors[name] });
  const stale = actionData && "error" in actionData && actionData.error === STALE_VERSION;
  // With JavaScript the new option appears in place; its first field takes the focus.
  useEffect(() => {
    if (unsaved) document.getElementsByName(`option-${unsaved.slots - 1}-type`)[0]?.focus();
  }, [unsaved]);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <p>
        <Link to="/admin/products" className="underline underline-offset-4">
          All products
        </Link>
      </p>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-3xl font-bold break-words uppercase">
          {creating ? "New product" : product.name}
        </h1>
        {creating ? null : (
          <a
            href={`/product/${product.id}`}
            target="_blank"
            rel="noreferrer"
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            Preview {product.status === "draft" ? "(draft: owners only)" : "in the shop"}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </header>
      <ActionOutcome
        outcome={
          unsaved || formAnswer || variantsAnswer ? undefined : (actionData ?? createdOutcome)
        }
        focus
      />
      {stale ? (
        <p>
          <Link
            reloadDocument
            to={`/admin/products/${product.id}`}
            className="font-semibold underline"
          >
            Reload the product
          </Link>
        </p>
      ) : null}
      {/* A fresh form after each save, so it shows what was stored (and the new version). The
          server names every wrong field (noValidate: no browser bubble, issue 56). */}
      <Form
        method="post"
        key={`${product.id}-${product.version}-${slots}`}
        className="space-y-6"
        noValidate
      >
        <input type="hidden" name="version" value={product.version} />
        <input type="hidden" name="optionCount" value={slots} />
        <ErrorSummary
          form={PRODUCT_FORM}
          message={errorOf(formAnswer)}
          errors={errors}
          fieldOrder={productFieldOrder(slots)}
          answer={formAnswer}
        />
        <section className="grid gap-4 rounded-lg bg-white p-5 ring-1 ring-black/5 sm:grid-cols-2">
          <h2 className="font-display text-xl font-bold uppercase sm:col-span-2">The product</h2>
          {creating ? (
            <Field
              label="Id (its address: /product/…)"
              {...at("id")}
              required
              defaultValue={value("id", "")}
              hint="Lower-case words joined by -, e.g. mens-storm-rashguard. It cannot change later."
              className="sm:col-span-2"
            />
          ) : null}
          <Field
            label="Name"
            {...at("name")}
            required
            defaultValue={value("name", product.name)}
            className="sm:col-span-2"
          />
          <SelectField
            label="Status"
            {...at("status")}
            defaultValue={value("status", product.status)}
          >
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {status === "draft"
                  ? "Draft (owners only)"
                  : status === "active"
                    ? "Active (on sale)"
                    : "Archived (gone from the shop)"}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Category"
            {...at("category")}
            defaultValue={value("category", product.category)}
          >
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="For"
            {...at("audience")}
            defaultValue={value("audience", product.group ?? "")}
          >
            <option value="">Everyone (accessories)</option>
            {AUDIENCES.map((audience) => (
              <option key={audience} value={audience}>
                {audience[0]!.toUpperCase() + audience.slice(1)}
              </option>
            ))}
          </SelectField>
          <div className="grid grid-cols-2 gap-3">
            <SelectField label="Drawing" {...at("kind")} defaultValue={value("kind", product.kind)}>
              {GARMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Print"
              {...at("design")}
              defaultValue={value("design", product.design)}
            >
              {Object.values(DESIGNS).map((design) => (
                <option key={design.id} value={design.id}>
                  {design.name}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField
            label="Description"
            {...at("description")}
            rows={5}
            required
            defaultValue={value("description", product.description)}
            className="sm:col-span-2"
          />
          <TextAreaField
            label="Highlights"
            {...at("highlights")}
            rows={4}
            hint="One per line."
            defaultValue={value("highlights", product.highlights.join("\n"))}
            className="sm:col-span-2"
          />
          <Field
            label="Price (£)"
            {...at("price")}
            inputMode="decimal"
            hint="With options: the price on cards (empty: the first option's)."
            defaultValue={value("price", creating ? "" : penceToPounds(product.pricePence))}
          />
          <Field
            label="Compare-at price (£)"
            {...at("compareAt")}
            inputMode="decimal"
            hint='The "was" price; empty when it is not reduced.'
            defaultValue={value("compareAt", penceToPounds(product.originalPricePence))}
          />
          <SelectField
            label="VAT rate"
            {...at("vatRate")}
            defaultValue={value("vatRate", product.vatRate)}
            className="sm:col-span-2"
            hint={
              <span data-testid="zero-rating-note">
                Zero-rated means no VAT is in the price: only clothing and footwear designed for
                children under 14 and too small for older ones qualify (
                <a
                  href={ZERO_RATING_NOTICE_URL}
                  className="underline underline-offset-4"
                  target="_blank"
                  rel="noreferrer"
                >
                  HMRC VAT Notice 714<span className="sr-only"> (opens in a new tab)</span>
                </a>
                ); list larger sizes under each option&apos;s standard-rated sizes.
              </span>
            }
          >
            <option value="standard">Standard (20%)</option>
            <option value="zero">Zero-rated (0%)</option>
          </SelectField>
          <Field
            label="SEO title"
            {...at("seoTitle")}
            defaultValue={value("seoTitle", product.seoTitle ?? "")}
          />
          <Field
            label="SEO description"
            {...at("seoDescription")}
            defaultValue={value("seoDescription", product.seoDescription ?? "")}
          />
        </section>
        <section className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5">
          <h2 className="font-display text-xl font-bold uppercase">Options and sizes</h2>
          <p className="text-sm text-muted">
            A product without options is sold as it is, at its own price. &ldquo;Add another
            option&rdquo; adds an empty one without saving; the positions set the order.
          </p>
          {Array.from({ length: slots }, (_, n) => (
            <OptionFields
              key={n}
              n={n}
              option={product.options[n]}
              value={value}
              checked={checked}
              fresh={n - product.options.length}
              at={at}
            />
          ))}
        </section>
        <div className="flex flex-wrap gap-3">
          <Button busy={saving}>{creating ? "Create product" : "Save product"}</Button>
          <Button variant="secondary" name="intent" value="add-option" formNoValidate>
            Add another option
          </Button>
        </div>
      </Form>
      {creating ? null : <PhotoManager photos={photos} colors={productColors(product.options)} />}
      {creating ? null : (
        <VariantIdsForm
          key={`${product.id}-${product.version}`}
          variants={variants}
          answer={variantsAnswer}
        />
      )}
      {!creating && product.status !== "archived" ? (
        <section
          aria-label={`Archive ${product.name}`}
          className="rounded-lg bg-white p-5 ring-1 ring-black/5"
        >
          <p className="mb-3 text-sm text-muted">
            Archiving takes the product out of the shop; orders keep it.
          </p>
          <AskFirst
            open={`Archive ${product.name}`}
            openLabel={`Archive ${product.name}`}
            fields={{ intent: "archive" }}
            doIt={`Yes, archive ${product.name}`}
          >
            <p>
              {product.name} leaves the shop at once: its page, its cards and its search results go,
              and it can no longer be bought. Orders that have it keep it. To sell it again, set its
              status to Active.
            </p>
          </AskFirst>
        </section>
      ) : null}
    </div>
  );
}
