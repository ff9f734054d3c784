import { useState } from "react";
import { ErrorSummary, type FieldErrors, fieldId, RequiredNote, SubmitButton } from "~/ui/forms";
import { Field, TextAreaField } from "~/ui/Field";
import {
  EMAIL_MAX,
  NAME_MAX,
  reviewFieldErrors,
  reviewFormProblem,
  SUBMIT_FAILED_MESSAGE,
  TEXT_MAX,
} from "../validation";
import type { PublicReview } from "../types";
import { PhotoPicker, type ChosenPhoto } from "./PhotoPicker";
import { RatingInput } from "./RatingInput";

/** Uploads one photo; a failure gives null and the photo is skipped silently (S-REV-5). */
async function uploadPhoto(file: File): Promise<string | null> {
  try {
    const body = new FormData();
    body.append("file", file);
    const response = await fetch("/api/uploads", { method: "POST", body });
    if (response.status !== 201) return null;
    const data = (await response.json()) as { fileUrl?: unknown };
    return typeof data.fileUrl === "string" ? data.fileUrl : null;
  } catch {
    return null;
  }
}

/** The dialog's form: its error summary links to `review-dialog-<field>` (X-A11Y-2). */
const FORM = "review-dialog";
const FIELD_ORDER = ["customer_name", "customer_email", "rating", "review_text"] as const;

/** The write tab (S-REV-4..6): name, e-mail, rating, text and up to five photos. */
/**
 * What the form says about e-mail and "Verified purchase" (X-TRUE-12): only the signed link in
 * the buyer's confirmation e-mail marks a review verified (X-SEC-8), never the address typed here.
 */
export const REVIEW_FORM_NOTE =
  'All fields except photos are required. Your e-mail is never shown. A review is marked "Verified purchase" only when it is written from the review link in the buyer\'s order confirmation e-mail.';

export function ReviewForm({
  productId,
  onSubmitted,
}: {
  productId: string;
  onSubmitted: (review: PublicReview) => Promise<void> | void;
}) {
  const [rating, setRating] = useState(0);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [busy, setBusy] = useState(false);
  // The shop's one error pattern (X-A11Y-2, issue 56): each answer is a new object, so the
  // summary takes the focus again even when the same fields are still wrong.
  const [answer, setAnswer] = useState<{ message?: string; errors: FieldErrors } | null>(null);
  const setProblem = (message: string | null, errors: FieldErrors = {}) =>
    setAnswer(
      message || Object.keys(errors).length ? { message: message ?? undefined, errors } : null,
    );
  const errors = answer?.errors ?? {};

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const values = {
      name: text("customer_name"),
      email: text("customer_email"),
      rating,
      text: text("review_text"),
    };
    const message = reviewFormProblem(values);
    setProblem(message, reviewFieldErrors(values));
    if (message) return;

    setBusy(true);
    try {
      // The first upload may give this browser its uploader cookie (X-SEC-15); the others wait
      // for it, or each would get a cookie of its own and only the last would count.
      const [first, ...rest] = photos;
      const uploaded = first
        ? [
            await uploadPhoto(first.file),
            ...(await Promise.all(rest.map((p) => uploadPhoto(p.file)))),
          ]
        : [];
      const response = await fetch(`/api/products/${encodeURIComponent(productId)}/reviews`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          customer_name: values.name,
          customer_email: values.email.trim(),
          rating,
          review_text: values.text,
          photo_urls: uploaded.filter((url): url is string => url !== null),
          website: text("website"),
          // The signed link from the buyer's confirmation e-mail, if they came from it (X-SEC-8).
          review_token: new URLSearchParams(window.location.search).get("review") ?? undefined,
        }),
      });
      const body = (await response.json().catch(() => null)) as
        (PublicReview & { error?: unknown }) | null;
      if (response.status !== 201 || !body) {
        // The server's message for a person; the insert failing is answered with the
        // spec's "Please ensure the database table is created." (S-REV-6).
        setProblem(typeof body?.error === "string" ? body.error : SUBMIT_FAILED_MESSAGE);
        return;
      }
      form.reset();
      setRating(0);
      photos.forEach((p) => URL.revokeObjectURL(p.preview));
      setPhotos([]);
      await onSubmitted(body);
    } catch {
      setProblem(SUBMIT_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <ErrorSummary
        form={FORM}
        message={answer?.message}
        errors={errors}
        fieldOrder={FIELD_ORDER}
        answer={answer}
      />
      <p className="text-sm text-muted">{REVIEW_FORM_NOTE}</p>
      <RequiredNote />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={fieldId(FORM, "customer_name")}
          label="Name"
          name="customer_name"
          autoComplete="name"
          maxLength={NAME_MAX}
          required
          error={errors.customer_name}
        />
        <Field
          id={fieldId(FORM, "customer_email")}
          label="E-mail"
          name="customer_email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          required
          error={errors.customer_email}
        />
      </div>
      <RatingInput
        id={fieldId(FORM, "rating")}
        value={rating}
        onChange={setRating}
        disabled={busy}
        error={errors.rating}
      />
      <TextAreaField
        id={fieldId(FORM, "review_text")}
        label="Your review"
        name="review_text"
        rows={5}
        maxLength={TEXT_MAX}
        required
        error={errors.review_text}
      />
      {/* A honeypot: people never see or reach it; bots that fill it are ignored. */}
      <div hidden>
        <label htmlFor={`${FORM}-website`}>Website</label>
        <input id={`${FORM}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <PhotoPicker photos={photos} onChange={setPhotos} disabled={busy} />
      <SubmitButton
        busy={busy}
        variant="danger"
        className="w-full px-6 font-display text-lg tracking-wider uppercase sm:w-auto"
      >
        {busy ? "Submitting..." : "Submit review"}
      </SubmitButton>
    </form>
  );
}
