-- The discount codes of SPEC.md section 9 (S-CHK-3).
INSERT INTO "discount_codes" ("code", "percent") VALUES ('SAVE10', 10), ('SAVE20', 20)
ON CONFLICT ("code") DO NOTHING;
