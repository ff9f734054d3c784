import { env } from "~/env.server";
import { RateLimiter } from "~/security/rate-limit.server";

const MINUTE = 60_000;
let reviews: RateLimiter | undefined;
let uploads: RateLimiter | undefined;

/** REVIEW_RATE_LIMIT reviews a minute per client address. */
export function reviewLimiter(): RateLimiter {
  reviews ??= new RateLimiter(env().REVIEW_RATE_LIMIT, MINUTE);
  return reviews;
}

/** UPLOAD_RATE_LIMIT photo uploads a minute per client address. */
export function uploadLimiter(): RateLimiter {
  uploads ??= new RateLimiter(env().UPLOAD_RATE_LIMIT, MINUTE);
  return uploads;
}
