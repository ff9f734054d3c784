-- Issue 12: the codes' use counters start from the pending-or-paid orders that already hold them.
UPDATE "discount_codes" AS d SET "uses" = (
  SELECT count(*) FROM "orders" AS o
  WHERE o."discount_code" = d."code" AND o."status" NOT IN ('cancelled', 'failed')
);
