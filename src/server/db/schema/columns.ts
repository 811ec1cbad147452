// Column shapes that most tables share, declared once. drizzle-kit reads the columns these build, so a table
// written with them generates the same SQL as one written out in full (`npm run db:generate` finds no change).
import type { AnyPgColumn, ReferenceConfig } from "drizzle-orm/pg-core";
import { boolean, integer, timestamp } from "drizzle-orm/pg-core";

/** The surrogate key of most tables: an identity that PostgreSQL numbers unless a value is given. */
export const identityId = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

/** A point in time: always timestamptz, so it means one instant whatever the session's time zone. */
export const instant = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** A point in time set when the row is written (created_at, updated_at, …). */
export const stampedNow = <N extends string>(name: N) => instant(name).notNull().defaultNow();

/**
 * Written by the demo seed (src/server/seed/demo.ts), on the tables whose rows the product sums: a figure that
 * counts such rows says it includes demo data (src/server/seed/demoData.ts). Real rows never set it.
 */
export const seededDemo = () => boolean("demo").notNull().default(false);

/** A column builder of any type (integer, uuid, …), as far as a reference needs it. */
type Referencing = {
  notNull(): { references(target: () => AnyPgColumn, actions: ReferenceConfig["actions"]): unknown };
};

/** A required reference to the row this one belongs to: deleting that row deletes this one with it. */
export const belongsTo = <C extends Referencing>(column: C, target: () => AnyPgColumn) =>
  // references() answers the builder it was called on, which notNull() typed.
  column.notNull().references(target, { onDelete: "cascade" }) as ReturnType<C["notNull"]>;
