import { useId, useState } from "react";
import { SubmitButton } from "~/ui/forms";
import {
  EMAIL_MAX,
  NAME_MAX,
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

const field =
  "mt-1 block w-full rounded border border-ink/25 bg-white px-3 py-2.5 text-base focus:border-ink";

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
  const id = useId();
  const [rating, setRating] = useState(0);
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

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
    setProblem(message);
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
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-5"
      aria-describedby={`${id}-note`}
    >
      <p id={`${id}-note`} className="text-sm text-muted">
        {REVIEW_FORM_NOTE}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-semibold">
            Name
          </label>
          <input
            id={`${id}-name`}
            name="customer_name"
            autoComplete="name"
            maxLength={NAME_MAX}
            required
            aria-required="true"
            className={field}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-semibold">
            E-mail
          </label>
          <input
            id={`${id}-email`}
            name="customer_email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            required
            aria-required="true"
            className={field}
          />
        </div>
      </div>
      <RatingInput value={rating} onChange={setRating} disabled={busy} />
      <div>
        <label htmlFor={`${id}-text`} className="text-sm font-semibold">
          Your review
        </label>
        <textarea
          id={`${id}-text`}
          name="review_text"
          rows={5}
          maxLength={TEXT_MAX}
          required
          aria-required="true"
          className={`${field} resize-y`}
        />
      </div>
      {/* A honeypot: people never see or reach it; bots that fill it are ignored. */}
      <div hidden>
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <PhotoPicker photos={photos} onChange={setPhotos} disabled={busy} />
      <div role="alert" className="min-h-6 text-sm font-semibold text-accent">
        {problem}
      </div>
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
