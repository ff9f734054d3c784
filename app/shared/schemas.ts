import { z } from "zod";
import { LIST_PAGE_MAX, LIST_QUERY_MAX } from "./limits";
import { hasNoNul } from "./text";

/**
 * The schemas more than one part of the shop reads the same way (X-ARCH-3), written once.
 * Pure and browser-safe.
 */

export const ISO_INSTANT_MESSAGE =
  "Dates must be ISO 8601 times with a time zone, e.g. 2026-12-01T09:00:00Z.";

/** An instant as the owner's API takes it: ISO 8601 with a time zone, read as a `Date`. */
export const isoInstant = z
  .string({ error: ISO_INSTANT_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, ISO_INSTANT_MESSAGE)
  .transform((value, ctx) => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: ISO_INSTANT_MESSAGE });
      return z.NEVER;
    }
    return date;
  });

/**
 * The search text and page of the owner's lists (orders, customers), from a query string;
 * anything unusable is dropped, not an error: no text, or page 1.
 */
export const listQueryFields = {
  q: z
    .string()
    .trim()
    .max(LIST_QUERY_MAX)
    .refine(hasNoNul)
    .optional()
    .catch(undefined)
    .transform((q) => q || undefined),
  page: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).catch(1).default(1),
};

/** `listQueryFields`' input from the query string. */
export const listQueryFrom = (params: URLSearchParams) => ({
  q: params.get("q") ?? undefined,
  page: params.get("page") ?? undefined,
});
