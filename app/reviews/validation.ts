import { z } from "zod";
import { text } from "~/shared/text";
import { PHOTO_URL_PATTERN } from "./photo-urls";
import {
  EMAIL_MAX,
  PERSON_NAME_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_STARS_MAX,
  REVIEW_TEXT_MAX,
} from "~/shared/limits";

export const NAME_MAX = PERSON_NAME_MAX;
export const TEXT_MAX = REVIEW_TEXT_MAX;
export { EMAIL_MAX };
export const MAX_PHOTOS = REVIEW_PHOTOS_MAX;

export const REQUIRED_FIELDS_MESSAGE = "Please fill in all required fields.";
export const INSERT_FAILED_MESSAGE =
  "Failed to submit review. Please ensure the database table is created.";
export const SUBMIT_FAILED_MESSAGE = "Failed to submit review. Please try again.";

const notBlank = (s: string) => s.trim().length > 0;

/**
 * A review as the API accepts it (X-REV-1, S-REV-4): the server checks everything again,
 * whatever the form did. The name is trimmed; the text is stored exactly as written.
 */
export const reviewInputSchema = z.object({
  customer_name: text({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(NAME_MAX, `Your name can be at most ${NAME_MAX} characters.`),
  customer_email: text({ error: "Please enter your e-mail address." })
    .trim()
    .max(EMAIL_MAX, "Please enter a valid e-mail address.")
    .pipe(z.email("Please enter a valid e-mail address.")),
  rating: z
    .number({ error: "Please choose a rating from 1 to 5 stars." })
    .int("Please choose a rating from 1 to 5 stars.")
    .min(1, "Please choose a rating from 1 to 5 stars.")
    .max(REVIEW_STARS_MAX, "Please choose a rating from 1 to 5 stars."),
  review_text: text({ multiline: true, error: "Please write your review." })
    .max(TEXT_MAX, `Your review can be at most ${TEXT_MAX} characters.`)
    .refine(notBlank, "Please write your review."),
  photo_urls: z
    .array(z.string().regex(PHOTO_URL_PATTERN, "Photos must be uploaded to this shop first."), {
      error: "Photos must be a list of uploaded photo links.",
    })
    .max(MAX_PHOTOS, `A review can have at most ${MAX_PHOTOS} photos.`)
    .refine((urls) => new Set(urls).size === urls.length, "Each photo can be added only once.")
    .default([]),
  /** From the signed link in the buyer's e-mail (X-SEC-8); checked on the server. */
  review_token: text().max(200).optional(),
});

export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** The first problem with a review body, as one message for a person. */
export function parseReviewInput(
  body: unknown,
): { ok: true; value: ReviewInput } | { ok: false; message: string } {
  const result = reviewInputSchema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? "The review is not valid." };
}

export interface ReviewFormValues {
  name: string;
  email: string;
  rating: number;
  text: string;
}

/** The form's own check before anything is sent (S-REV-4); null when it may be sent. */
export function reviewFormProblem(values: ReviewFormValues): string | null {
  if (
    !notBlank(values.name) ||
    !notBlank(values.email) ||
    !notBlank(values.text) ||
    !(values.rating >= 1 && values.rating <= 5)
  ) {
    return REQUIRED_FIELDS_MESSAGE;
  }
  if (!reviewInputSchema.shape.customer_email.safeParse(values.email).success) {
    return "Please enter a valid e-mail address.";
  }
  if (values.name.trim().length > NAME_MAX)
    return `Your name can be at most ${NAME_MAX} characters.`;
  if (values.text.length > TEXT_MAX) return `Your review can be at most ${TEXT_MAX} characters.`;
  return null;
}

/** Keeps the first photos up to the limit; files beyond five are dropped (S-REV-4). */
export function keepAllowedPhotos<T>(current: readonly T[], added: readonly T[]): T[] {
  return [...current, ...added].slice(0, MAX_PHOTOS);
}

/**
 * Each wrong field of the form by its name, with its own sentence (X-A11Y-2): the review page's
 * form (/product/:id/reviews/new) names them in its error summary and beside each field. Empty
 * when the form may be sent; the server checks the whole review again either way.
 */
export function reviewFieldErrors(values: ReviewFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!notBlank(values.name)) errors.customer_name = "Please enter your name.";
  else if (values.name.trim().length > NAME_MAX)
    errors.customer_name = `Your name can be at most ${NAME_MAX} characters.`;
  if (!notBlank(values.email)) errors.customer_email = "Please enter your e-mail address.";
  else if (!reviewInputSchema.shape.customer_email.safeParse(values.email).success)
    errors.customer_email = "Please enter a valid e-mail address.";
  if (!(Number.isInteger(values.rating) && values.rating >= 1 && values.rating <= REVIEW_STARS_MAX))
    errors.rating = "Please choose a rating from 1 to 5 stars.";
  if (!notBlank(values.text)) errors.review_text = "Please write your review.";
  else if (values.text.length > TEXT_MAX)
    errors.review_text = `Your review can be at most ${TEXT_MAX} characters.`;
  return errors;
}
