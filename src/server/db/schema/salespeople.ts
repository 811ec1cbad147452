import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { PAYMENT_MODELS, SALESPERSON_STATUSES } from "../../../shared/constants";
import { belongsTo, identityId, instant, seededDemo, stampedNow } from "./columns";
import { dealerships } from "./dealerships";
import { citext, tstzmultirange } from "./types";
import { users } from "./users";

export const salespeople = pgTable(
  "salespeople",
  {
    id: identityId(),
    userId: uuid("user_id")
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: citext("email").notNull().unique(),
    phoneNumber: text("phone_number"),
    /** Null for an independent salesperson. */
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "set null" }),
    profileImageUrl: text("profile_image_url"),
    bio: text("bio"),
    status: text("status", { enum: SALESPERSON_STATUSES }).notNull().default("available"),
    specialties: text("specialties").array().notNull().default(sql`'{}'::text[]`),
    yearsOfExperience: integer("years_of_experience").notNull().default(0),
    city: citext("city").notNull(),
    state: text("state").notNull(),
    timeZone: text("time_zone").notNull(),
    /**
     * The salesperson's own working hours by weekday (shared/schemas: dealershipHours, null: off that day);
     * null when not set, and the dealership's opening hours apply alone.
     */
    workingHours: jsonb("working_hours"),
    /** Visit lengths, notice, the gap after visits and a daily limit (shared/bookingRules.ts); null: defaults. */
    bookingRules: jsonb("booking_rules"),
    paymentModel: text("payment_model", { enum: PAYMENT_MODELS }).notNull().default("dealership"),
    /** Aggregates over ratings, kept equal to them in the same transaction as every rating change. */
    averageRating: numeric("average_rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    totalReviews: integer("total_reviews").notNull().default(0),
    /**
     * lower(name, city, dealership name), newline-separated: what browse's name search matches. Kept by the
     * triggers of drizzle/0011_browse_search_text.sql; never written by the app.
     */
    searchText: text("search_text").notNull().default(""),
    /** Average pressure-level score (5 = perfect balance) over published reviews; null until the first. */
    pressureAverage: numeric("pressure_average", { precision: 3, scale: 2, mode: "number" }),
    /** Published reviews backed by a confirmed purchase: browse's "verified purchases" filter reads it. */
    verifiedPurchaseReviews: integer("verified_purchase_reviews").notNull().default(0),
    verifiedAt: instant("verified_at"),
    /** Whether the public profile shows the work e-mail; off until the salesperson turns it on. */
    showEmail: boolean("show_email").notNull().default(false),
    createdAt: stampedNow("created_at"),
    demo: seededDemo(),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    check("salespeople_years_check", sql`${t.yearsOfExperience} between 0 and 50`),
    check("salespeople_status_check", sql`${t.status} in ('available', 'busy', 'unavailable', 'offline')`),
    check("salespeople_payment_model_check", sql`${t.paymentModel} in ('dealership', 'individual')`),
    check("salespeople_average_check", sql`${t.averageRating} between 0 and 5`),
    // The browse indexes are covering (INCLUDE ...) so counts are index-only scans; drizzle cannot express
    // INCLUDE, so they live in drizzle/0004_browse_covering_indexes.sql, the low-pressure walks in
    // drizzle/0051_pressure_walks.sql, and the key with the columns a term walk checks per row in
    // drizzle/0053_row_checks_idx.sql.
    index("salespeople_dealership_idx").on(t.dealershipId, t.averageRating.desc()),
    // Name search matches search_text (name, city and dealership name, lower-cased): a trigram index for rare
    // patterns; the covering browse indexes of drizzle/0011 also hold it, for common ones.
    index("salespeople_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * Browse's inverted index, derived from salespeople and never written by the app: one row per term of a
 * salesperson, where a term is `g:` and a three-character piece of search_text, or `s:` and a specialty,
 * carrying the browse order and the filter columns. Its indexes (drizzle/0019 and 0020, which drizzle
 * cannot express: DESC keys and INCLUDE) walk one term's salespeople in browse order, everywhere or in one
 * city, so a name search or a specialty reads only its own matches. Kept by triggers on salespeople in the same
 * transaction as every change.
 */
export const salespersonTerms = pgTable("salesperson_terms", {
  term: text("term").notNull(),
  averageRating: numeric("average_rating", { precision: 3, scale: 2, mode: "number" }).notNull(),
  totalReviews: integer("total_reviews").notNull(),
  salespersonId: integer("salesperson_id").notNull(),
  yearsOfExperience: integer("years_of_experience").notNull(),
  city: citext("city").notNull(),
  status: text("status").notNull(),
  dealershipId: integer("dealership_id"),
  specialties: text("specialties").array().notNull(),
});

/**
 * A certification a salesperson holds (a manufacturer's sales training, a finance licence). The salesperson
 * adds it; the dealership's manager verifies it; profiles, browse and structured data show verified ones only.
 */
export const certifications = pgTable(
  "certifications",
  {
    id: identityId(),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    name: text("name").notNull(),
    issuer: text("issuer").notNull(),
    year: integer("year").notNull(),
    credentialId: text("credential_id"),
    credentialUrl: text("credential_url"),
    verifiedAt: instant("verified_at"),
    verifiedBy: uuid("verified_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The dealership whose manager verified it, kept as it was then (its name too, should the dealership go):
     * the badge names it after the salesperson moves on. Null when an administrator verified it.
     */
    verifiedByDealershipId: integer("verified_by_dealership_id").references(() => dealerships.id, {
      onDelete: "set null",
    }),
    verifiedByDealershipName: text("verified_by_dealership_name"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check("certifications_year_check", sql`${t.year} between 1950 and 2100`),
    check("certifications_name_check", sql`char_length(${t.name}) between 1 and 120`),
    index("certifications_salesperson_idx").on(t.salespersonId),
    // Browse's certification filter looks verified names up by their lower-cased text.
    index("certifications_verified_name_idx")
      .on(sql`lower(${t.name})`, t.salespersonId)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * The open times of each salesperson's next two weeks, kept for browse's availability filters and its "soonest
 * available" order (domains/appointments/openings.ts, drizzle/0061): derived, recomputed when marked stale.
 */
export const salespersonOpenings = pgTable("salesperson_openings", {
  salespersonId: integer("salesperson_id")
    .primaryKey()
    .references(() => salespeople.id, { onDelete: "cascade" }),
  /** Runs of consecutive grid times, each from its first time to its last, inclusive. */
  openRanges: tstzmultirange("open_ranges").notNull().default(sql`'{}'`),
  noticeMinutes: integer("notice_minutes").notNull().default(0),
  timeZone: text("time_zone").notNull(),
  nextOpenAt: instant("next_open_at"),
  bookableUntil: instant("bookable_until"),
  computedAt: instant("computed_at"),
  stale: boolean("stale").notNull().default(true),
  /**
   * The minutes a kept time needs free from its start (the shortest visit and the gap after it), by which a
   * booking takes its times out of the row at once (drizzle/0073); null where it cannot (a daily limit).
   */
  holdMinutes: integer("hold_minutes"),
  /** Changes made to the times in place: a recompute writes over the row only as it read it. */
  version: bigint("version", { mode: "number" }).notNull().default(0),
  /** The salesperson's city, kept by triggers (drizzle/0070): one city's soonest walk reads its own rows. */
  city: citext("city"),
});
