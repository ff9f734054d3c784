/**
 * The time as the shop's business rules see it (checkout expiry, windows). The composition root
 * (app/server/shop.server.ts) gives every shop one; a test can hand in a clock of its own.
 */
export interface Clock {
  now(): Date;
}
