// Browsing and reading salesperson profiles; every figure comes from rows in the database.

import { and, asc, avg, count, desc, eq, gte, isNull, type SQL, sql } from "drizzle-orm";
import { ALL_SPECIALTIES, RATING_FILTERS } from "../../../shared/constants";
import { ID_MAX } from "../../../shared/schemas/common";
import type {
  BrowseResult,
  BrowseSalespeopleQuery,
  DealershipSummary,
  RatingListItem,
  SalespersonDetail,
  SalespersonRatingsSummary,
} from "../../../shared/schemas/salespeople";
import type { Database } from "../../db/client";
import { dealerships, ratings, salespeople, users } from "../../db/schema";
import { appError } from "../../errors";

const cardColumns = {
  id: salespeople.id,
  name: salespeople.name,
  email: salespeople.email,
  phoneNumber: salespeople.phoneNumber,
  dealershipId: salespeople.dealershipId,
  dealership: dealerships.name,
  profileImageUrl: salespeople.profileImageUrl,
  bio: salespeople.bio,
  status: salespeople.status,
  specialties: salespeople.specialties,
  averageRating: salespeople.averageRating,
  totalReviews: salespeople.totalReviews,
  pressureAverage: salespeople.pressureAverage,
  yearsOfExperience: salespeople.yearsOfExperience,
  city: salespeople.city,
  state: salespeople.state,
  timeZone: salespeople.timeZone,
  paymentModel: salespeople.paymentModel,
  verifiedAt: salespeople.verifiedAt,
};

const specialtyByLowerName = new Map(ALL_SPECIALTIES.map((s) => [s.toLowerCase(), s]));

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function browseConditions(q: BrowseSalespeopleQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.specialty) {
    const specialty = specialtyByLowerName.get(q.specialty.toLowerCase()) ?? q.specialty;
    conditions.push(sql`${salespeople.specialties} @> array[${specialty}]::text[]`);
  }
  if (q.rating) {
    const min = RATING_FILTERS.find((r) => r.value === q.rating)?.min ?? 0;
    conditions.push(gte(salespeople.averageRating, min));
  }
  if (q.status) conditions.push(eq(salespeople.status, q.status));
  if (q.minPressure !== undefined) conditions.push(gte(salespeople.pressureAverage, q.minPressure));
  if (q.city) conditions.push(eq(salespeople.city, q.city));
  if (q.yearsOfExperience !== undefined)
    conditions.push(gte(salespeople.yearsOfExperience, q.yearsOfExperience));
  if (q.dealership) {
    conditions.push(
      /^\d{1,10}$/.test(q.dealership) && Number(q.dealership) <= ID_MAX
        ? eq(salespeople.dealershipId, Number(q.dealership))
        : sql`${salespeople.dealershipId} in (select ${dealerships.id} from ${dealerships} where lower(${dealerships.name}) = lower(${q.dealership}))`,
    );
  }
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      sql`(${salespeople.name} ilike ${pattern} or ${salespeople.city} ilike ${pattern} or ${salespeople.dealershipId} in (select ${dealerships.id} from ${dealerships} where ${dealerships.name} ilike ${pattern}))`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function browseSalespeople(db: Database, q: BrowseSalespeopleQuery): Promise<BrowseResult> {
  const where = browseConditions(q);
  const [items, totals] = await Promise.all([
    db
      .select(cardColumns)
      .from(salespeople)
      .leftJoin(dealerships, eq(dealerships.id, salespeople.dealershipId))
      .where(where)
      .orderBy(
        ...(q.sort === "pressure"
          ? [
              sql`${salespeople.pressureAverage} desc nulls last`,
              desc(salespeople.totalReviews),
              asc(salespeople.id),
            ]
          : [desc(salespeople.averageRating), desc(salespeople.totalReviews), asc(salespeople.id)]),
      )
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(salespeople).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

const dealershipColumns = {
  id: dealerships.id,
  name: dealerships.name,
  address: dealerships.address,
  city: dealerships.city,
  state: dealerships.state,
  zipCode: dealerships.zipCode,
  phoneNumber: dealerships.phoneNumber,
  website: dealerships.website,
  timeZone: dealerships.timeZone,
  latitude: dealerships.latitude,
  longitude: dealerships.longitude,
};

async function latestRatings(db: Database, salespersonId: number, limit: number): Promise<RatingListItem[]> {
  return db
    .select({
      id: ratings.id,
      overallRating: ratings.overallRating,
      helpfulnessRating: ratings.helpfulnessRating,
      pressureLevelRating: ratings.pressureLevelRating,
      communicationRating: ratings.communicationRating,
      comment: ratings.comment,
      createdAt: ratings.createdAt,
      customerName: sql<string>`coalesce(${users.firstName} || coalesce(' ' || left(${users.lastName}, 1) || '.', ''), 'Verified customer')`,
    })
    .from(ratings)
    .leftJoin(users, eq(users.id, ratings.userId))
    .where(and(eq(ratings.salespersonId, salespersonId), isNull(ratings.removedAt)))
    .orderBy(desc(ratings.createdAt), desc(ratings.id))
    .limit(limit);
}

export async function getSalesperson(db: Database, id: number): Promise<SalespersonDetail> {
  const [row] = await db
    .select({ card: cardColumns, dealershipInfo: dealershipColumns })
    .from(salespeople)
    .leftJoin(dealerships, eq(dealerships.id, salespeople.dealershipId))
    .where(eq(salespeople.id, id))
    .limit(1);
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  const [recent, [averages]] = await Promise.all([
    latestRatings(db, id, 20),
    db
      .select({
        helpfulness: avg(ratings.helpfulnessRating).mapWith(Number),
        pressureLevel: avg(ratings.pressureLevelRating).mapWith(Number),
        communication: avg(ratings.communicationRating).mapWith(Number),
        n: count(),
      })
      .from(ratings)
      .where(and(eq(ratings.salespersonId, id), isNull(ratings.removedAt))),
  ]);
  return {
    ...row.card,
    dealershipInfo: (row.dealershipInfo?.id ? row.dealershipInfo : null) as DealershipSummary | null,
    ratings: recent,
    categoryAverages:
      averages && averages.n > 0
        ? {
            helpfulness: averages.helpfulness,
            pressureLevel: averages.pressureLevel,
            communication: averages.communication,
          }
        : null,
  };
}

export async function getRatingsSummary(db: Database, id: number): Promise<SalespersonRatingsSummary> {
  const [row] = await db
    .select({ averageRating: salespeople.averageRating, totalReviews: salespeople.totalReviews })
    .from(salespeople)
    .where(eq(salespeople.id, id))
    .limit(1);
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return { ...row, ratings: await latestRatings(db, id, 50) };
}

export async function browseFilterOptions(db: Database) {
  const [dealershipRows, cityRows] = await Promise.all([
    db
      .select({
        id: dealerships.id,
        name: dealerships.name,
        city: dealerships.city,
        state: dealerships.state,
      })
      .from(dealerships)
      .orderBy(asc(dealerships.name)),
    db.execute<{ city: string; state: string }>(sql`
      select city, state from ${dealerships}
      union
      select distinct city::text, state from ${salespeople} where ${salespeople.dealershipId} is null
      order by 1, 2`),
  ]);
  return { dealerships: dealershipRows, cities: [...cityRows] };
}
