/** A row id as the database makes them (gen_random_uuid()), in the lower case it writes. */
export const UUID_SOURCE = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const UUID = new RegExp(`^${UUID_SOURCE}$`, "i");

/** Whether `id` can be a row id at all: anything else is answered "not found" without a query
 *  (PostgreSQL would refuse it as a uuid with an error). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
