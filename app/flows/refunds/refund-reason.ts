import { z } from "zod";
import { REFUND_REASON_MAX } from "~/shared/limits";
import { hasNoNul } from "~/shared/text";

/** The owner's optional reason for a refund (X-DAY-1); blank is none. */
export const refundReason = z
  .string({ error: "The reason must be text." })
  .trim()
  .max(REFUND_REASON_MAX, `The reason can have at most ${REFUND_REASON_MAX} characters.`)
  .refine(hasNoNul, "The reason has a character that is not allowed.")
  .optional()
  .transform((text) => (text ? text : undefined));
