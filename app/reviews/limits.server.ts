import type { Database } from "~/db/client.server";
import { env } from "~/env.server";
import {
  type LimitDecision,
  rateLimitStore,
  takeRateLimit,
} from "~/security/rate-limit-stores.server";

const MINUTE = 60_000;

/** REVIEW_RATE_LIMIT reviews a minute per client address, counted for every process. */
export function takeReviewLimit(db: Database, address: string): Promise<LimitDecision> {
  return takeRateLimit(rateLimitStore(db), `review:${address}`, env().REVIEW_RATE_LIMIT, MINUTE);
}

/** UPLOAD_RATE_LIMIT photo uploads a minute per client address, counted for every process. */
export function takeUploadLimit(db: Database, address: string): Promise<LimitDecision> {
  return takeRateLimit(rateLimitStore(db), `upload:${address}`, env().UPLOAD_RATE_LIMIT, MINUTE);
}
