// Row types derived from the drizzle schema, for queries written with postgres.js (docs/decisions/005).
// `RowOf<typeof t>` is a row of `t` as postgres.js returns `select * from t`: keys are the column names the
// schema declares (`phone_number`), values are what the driver hands back for them. Queries name the
// columns they read with `Pick<XRow, "id" | "time_zone">`; computed columns are added with `& { … }`.
// `FieldsOf<typeof t>` is the same row with every column aliased to its schema property
// (`phone_number as "phoneNumber"`), the names the shared types use.
import type { Column, Table } from "drizzle-orm";
import type * as schema from "./schema";

/**
 * What postgres.js returns for a column. drizzle's select type, except where drizzle converts values itself
 * and postgres.js does not: numeric arrives as text (exact; cast to float8 or call Number() when a number
 * is wanted), a `date` column as a Date at UTC midnight (read it with to_char when the day is wanted).
 */
type DriverValue<C extends Column> = C["_"]["columnType"] extends
  | "PgNumeric"
  | "PgNumericNumber"
  | "PgNumericBigInt"
  | "PgBigInt64"
  ? string
  : C["_"]["columnType"] extends "PgDate" | "PgDateString"
    ? Date
    : C["_"]["data"];

type ValueOf<C extends Column> = C["_"]["notNull"] extends true ? DriverValue<C> : DriverValue<C> | null;

type Columns<T extends Table> = T["_"]["columns"];

/** A row of table `T`, keyed by the column names declared in the schema. */
export type RowOf<T extends Table> = {
  [K in keyof Columns<T> as Columns<T>[K]["_"]["name"]]: ValueOf<Columns<T>[K]>;
};

/** A row of table `T` with each column aliased to its schema property (`phone_number as "phoneNumber"`). */
export type FieldsOf<T extends Table> = {
  [K in keyof Columns<T>]: ValueOf<Columns<T>[K]>;
};

// users.ts
export type UserRow = RowOf<typeof schema.users>;
export type SessionRow = RowOf<typeof schema.sessions>;
export type LoginTokenRow = RowOf<typeof schema.loginTokens>;
export type RateLimitBucketRow = RowOf<typeof schema.rateLimitBuckets>;
export type LoginThrottleRow = RowOf<typeof schema.loginThrottles>;
export type SecurityEventRow = RowOf<typeof schema.securityEvents>;
// dealerships.ts, salespeople.ts
export type DealershipRow = RowOf<typeof schema.dealerships>;
export type SalespersonRow = RowOf<typeof schema.salespeople>;
// appointments.ts
export type AppointmentRow = RowOf<typeof schema.appointments>;
export type AvailabilityBlockRow = RowOf<typeof schema.availabilityBlocks>;
export type RatingRow = RowOf<typeof schema.ratings>;
export type WaitlistEntryRow = RowOf<typeof schema.waitlistEntries>;
export type NotificationRow = RowOf<typeof schema.notifications>;
// reviews.ts
export type RatingReplyRow = RowOf<typeof schema.ratingReplies>;
export type RatingFlagRow = RowOf<typeof schema.ratingFlags>;
export type ConversationRow = RowOf<typeof schema.conversations>;
export type MessageRow = RowOf<typeof schema.messages>;
export type FavoriteRow = RowOf<typeof schema.favorites>;
export type MisconductReportRow = RowOf<typeof schema.misconductReports>;
export type MisconductReportEventRow = RowOf<typeof schema.misconductReportEvents>;
// portal.ts
export type ImageRow = RowOf<typeof schema.images>;
export type ProfileViewRow = RowOf<typeof schema.profileViews>;
// passkeys.ts
export type PasskeyRow = RowOf<typeof schema.passkeys>;
// identities.ts
export type LinkedIdentityRow = RowOf<typeof schema.linkedIdentities>;
export type OidcFlowRow = RowOf<typeof schema.oidcFlows>;
// content.ts (src/shared/schemas/site.ts has a ContactMessageRow too: the admin list's camelCase API shape)
export type DocumentRow = RowOf<typeof schema.documents>;
export type ContactMessageRow = RowOf<typeof schema.contactMessages>;

/** Rows with columns aliased to their schema properties, for the tables whose queries answer that way. */
export type SalespersonFields = FieldsOf<typeof schema.salespeople>;
export type RatingFields = FieldsOf<typeof schema.ratings>;
export type ConversationFields = FieldsOf<typeof schema.conversations>;
export type MessageFields = FieldsOf<typeof schema.messages>;
export type MisconductReportFields = FieldsOf<typeof schema.misconductReports>;
export type MisconductReportEventFields = FieldsOf<typeof schema.misconductReportEvents>;
export type DocumentFields = FieldsOf<typeof schema.documents>;
