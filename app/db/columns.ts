import { sql } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";

// Column helpers the capabilities' schema files share (app/<capability>/schema.ts).

/** A limit from app/shared/limits.ts written into a CHECK as a literal (X-ARCH-3): the SQL is
 *  what it was when the figure was typed in, so generating finds nothing to migrate. */
export const limit = (value: number) => sql.raw(String(value));

/** Bytes kept in the database (photos, PNGs: X-SCALE-3), as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
