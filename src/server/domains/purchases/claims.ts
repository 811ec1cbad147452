// A buyer's own purchase claims: "I bought a car from this salesperson", optionally with the vehicle and the
// date, one open claim per salesperson. The salesperson's dealership's manager is told (docs/product/reviews.md).
import type { z } from "zod";
import { links } from "../../../shared/links";
import type { claimPurchaseInput, MyPurchaseClaim } from "../../../shared/schemas/purchases";
import { todayIn } from "../../../shared/time";
import { publiclyListedSql } from "../../access";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { Authed } from "../../serviceContext";
import { alertLeads } from "../notifications/alerts";

/** A claim's columns for its buyer, from `purchase_claims c` joined to `salespeople s`, `dealerships d`. */
export function claimColumns(sql: Queryable) {
  return sql`
    c.id, c.salesperson_id as "salespersonId", s.name as "salespersonName", d.name as "dealershipName",
    c.vehicle, to_char(c.purchase_date, 'YYYY-MM-DD') as "purchaseDate", c.status, c.source,
    c.decline_reason as "declineReason", c.created_at as "createdAt", c.decided_at as "decidedAt"`;
}

export async function claimPurchase(
  ctx: Authed,
  input: z.output<typeof claimPurchaseInput>,
): Promise<MyPurchaseClaim> {
  const id = await ctx.sql.begin(async (tx) => {
    const [person] = await tx<
      { dealershipId: number | null; timeZone: string; name: string; verified: boolean }[]
    >`
      select s.dealership_id as "dealershipId", s.time_zone as "timeZone", s.name,
             exists (select 1 from purchase_claims c
                      where c.customer_id = ${ctx.user.id} and c.salesperson_id = s.id and c.status = 'confirmed')
               as verified
        from salespeople s where s.id = ${input.salespersonId} and ${publiclyListedSql(tx, "s")}`;
    if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
    if (input.purchaseDate && input.purchaseDate > todayIn(person.timeZone)) {
      throw appError("BAD_REQUEST", "The purchase date cannot be in the future", "PURCHASE_DATE_IN_FUTURE");
    }
    if (person.verified) {
      throw appError(
        "CONFLICT",
        `Your purchase from ${person.name} is already verified.`,
        "PURCHASE_ALREADY_VERIFIED",
      );
    }
    let claimId: number;
    try {
      const [row] = await tx<{ id: number }[]>`
        insert into purchase_claims ${tx({
          customer_id: ctx.user.id,
          salesperson_id: input.salespersonId,
          dealership_id: person.dealershipId,
          vehicle: input.vehicle,
          purchase_date: input.purchaseDate,
        })} returning id`;
      claimId = row!.id;
    } catch (error) {
      if (pgErrorCode(error) === PG.uniqueViolation) {
        throw appError(
          "CONFLICT",
          `You already have a purchase claim waiting for ${person.name}'s dealership to confirm.`,
          "PURCHASE_CLAIM_PENDING",
        );
      }
      throw error;
    }
    if (person.dealershipId !== null) {
      await alertLeads(tx, ctx.jobs, {
        dealershipId: person.dealershipId,
        type: "purchase_claim",
        title: "Purchase to confirm",
        body: `A buyer says they bought a car from ${person.name}. Confirm or decline it on your Sales Team tab.`,
        link: links.managerDashboard({ tab: "team" }),
        mail: {
          subject: `A buyer says they bought a car from ${person.name}`,
          text: `A buyer says they bought a car from ${person.name}. Confirm the purchase, and their reviews show "Verified purchase", or decline it with a reason:`,
        },
      });
    }
    return claimId;
  });
  const [claim] = await ctx.sql<MyPurchaseClaim[]>`
    select ${claimColumns(ctx.sql)}
      from purchase_claims c join salespeople s on s.id = c.salesperson_id
      left join dealerships d on d.id = c.dealership_id
     where c.id = ${id}`;
  return claim!;
}

/** The buyer's claims, newest first, with what became of each. */
export function myPurchaseClaims(ctx: Authed): Promise<MyPurchaseClaim[]> {
  return ctx.sql<MyPurchaseClaim[]>`
    select ${claimColumns(ctx.sql)}
      from purchase_claims c join salespeople s on s.id = c.salesperson_id
      left join dealerships d on d.id = c.dealership_id
     where c.customer_id = ${ctx.user.id}
     order by c.created_at desc, c.id desc
     limit 100`;
}
