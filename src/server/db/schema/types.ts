import { customType } from "drizzle-orm/pg-core";

/** Case-insensitive text (PostgreSQL citext): e-mails and city names compare without regard to case. */
export const citext = customType<{ data: string }>({
  dataType() {
    return "citext";
  },
});
