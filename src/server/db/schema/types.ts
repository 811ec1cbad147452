import { sql } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";

/** Case-insensitive text (PostgreSQL citext): e-mails and city names compare without regard to case. */
export const citext = customType<{ data: string }>({
  dataType() {
    return "citext";
  },
});

/** A CHECK constraint's `in (…)` list of constant strings (values come from the code, never from input). */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/** Raw bytes (PostgreSQL bytea), handed to and from postgres.js as a Buffer. */
export const bytea = customType<{ data: Buffer }>({
  dataType() {
    return "bytea";
  },
});

/** A set of time ranges (PostgreSQL tstzmultirange), read and written as its text form. */
export const tstzmultirange = customType<{ data: string }>({
  dataType() {
    return "tstzmultirange";
  },
});
