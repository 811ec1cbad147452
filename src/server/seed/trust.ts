// The demo's trust data (docs/product/booking.md, reviews.md): a no-show the demo customer may still dispute,
// another buyer's dispute waiting for the demo manager, the status trail of every visit, the demo customer's
// confirmed purchase from the demo salesperson (so his reviews of Sam say "Verified purchase"), a purchase claim
// waiting for the demo manager, and a review held for the administrators' queue.

import type { Queryable } from "../db/client";
import type { AppointmentRow } from "../db/rows";
import { recordTrailOfUntracked } from "../domains/appointments/statusTrail";
import { contactDetailHold } from "../domains/reviews/gamingRules";
import { linkPurchaseToReviews } from "../domains/reviews/verification";
import { withIndexesAndKeysAfter } from "./writtenInBulk";

const DAY = 86_400_000;
const HELD_COMMENT =
  "Great price on the truck. Text me at (555) 555-0199 and I will send you the figures I got.";

export async function seedTrustDemo(
  sql: Queryable,
  demo: {
    now: number;
    /** The demo salesperson (Sam Rivera), at the demo manager's dealership. */
    salespersonId: number;
    managerId: string;
    /** [0] the demo customer (Alex Morgan), [1] the second demo buyer (Jordan Smith), then others. */
    customerIds: string[];
    customerEmail: string;
  },
): Promise<void> {
  const { now, salespersonId } = demo;
  const [alex, jordan, claimant, critic] = demo.customerIds as [string, string, string, string];
  // A visit the demo customer missed, by the salesperson's word, a day ago ("I was there" is open to them), and
  // Jordan's dispute of a no-show waiting for the demo manager.
  const missed = new Date(now - DAY - 3 * 3_600_000);
  missed.setUTCMinutes(0, 0, 0);
  const disputed = new Date(now - 3 * DAY);
  disputed.setUTCHours(17, 30, 0, 0);
  const missedVisits = await sql<Pick<AppointmentRow, "id">[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                              customer_phone, customer_email, created_at, demo)
    values (${salespersonId}, ${alex}, 'Consultation', ${missed.toISOString()}, 'no-show', 'Alex Morgan',
            '(555) 555-0142', ${demo.customerEmail}, ${new Date(missed.getTime() - 3 * DAY).toISOString()}, true),
           (${salespersonId}, ${jordan}, 'Test Drive', ${disputed.toISOString()}, 'no-show', 'Jordan Smith',
            '(555) 555-0177', null, ${new Date(disputed.getTime() - 4 * DAY).toISOString()}, true)
    returning id`;

  // A review waiting in the administrators' queue: it carries a phone number, which holds it (gaming rules).
  const [heldAt] = await sql<{ salesperson_id: number }[]>`
    select id as salesperson_id from salespeople
     where dealership_id is not null and id <> ${salespersonId} and verified_at is not null order by id limit 1`;
  if (heldAt) {
    const visited = new Date(now - 2 * DAY);
    visited.setUTCHours(15, 0, 0, 0);
    const [visit] = await sql<Pick<AppointmentRow, "id">[]>`
      insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                                customer_phone, completed_at, created_at, demo)
      values (${heldAt.salesperson_id}, ${critic}, 'Test Drive', ${visited.toISOString()}, 'completed',
              'Verified customer', '(555) 555-0100', ${new Date(visited.getTime() + 3_600_000).toISOString()},
              ${new Date(visited.getTime() - 5 * DAY).toISOString()}, true)
      returning id`;
    const hold = contactDetailHold({ comment: HELD_COMMENT })!;
    await sql`
      insert into ratings (salesperson_id, user_id, appointment_id, overall_rating, helpfulness_rating,
                           pressure_level_rating, communication_rating, knowledge_rating, comment, visit_date,
                           created_at, moderation_status, held_reason, demo)
      values (${heldAt.salesperson_id}, ${critic}, ${visit!.id}, 5, 5, 5, 4, 4, ${HELD_COMMENT},
              ${visited.toISOString().slice(0, 10)}, ${new Date(now - DAY).toISOString()},
              ${hold.moderation_status}, ${hold.held_reason}, true)`;
  }

  // Every visit gets its trail (booking, outcome) as the app would have written it: two rows a visit, the trail's
  // indexes built and foreign keys checked after them (writtenInBulk.ts).
  await withIndexesAndKeysAfter(sql, ["appointment_events"], () => recordTrailOfUntracked(sql));
  const disputedVisit = missedVisits[1];
  if (disputedVisit)
    await sql`insert into visit_disputes (appointment_id, customer_id, dealership_id, statement, opened_at)
              select ${disputedVisit.id}, ${jordan}, s.dealership_id,
                     'I was there at 10:30 and test drove the hybrid with Sam; the receptionist signed me in.',
                     now() - interval '2 days'
                from salespeople s where s.id = ${salespersonId}`;

  // Alex bought his car from Sam, and the demo manager confirmed it: his reviews of Sam are verified purchases.
  const bought = new Date(now - 120 * DAY).toISOString().slice(0, 10);
  await sql`
    insert into purchase_claims (customer_id, salesperson_id, dealership_id, vehicle, purchase_date, status,
                                 source, decided_by, decided_at, created_at, updated_at)
    select ${alex}, s.id, s.dealership_id, '2024 Toyota RAV4 Hybrid', ${bought}::date, 'confirmed', 'buyer',
           ${demo.managerId}, ${new Date(now - 100 * DAY).toISOString()}, ${new Date(now - 101 * DAY).toISOString()},
           ${new Date(now - 100 * DAY).toISOString()}
      from salespeople s where s.id = ${salespersonId}`;
  await linkPurchaseToReviews(sql, { customerId: alex, salespersonId });
  // Another buyer's claim, waiting for the demo manager to confirm or decline.
  await sql`
    insert into purchase_claims (customer_id, salesperson_id, dealership_id, vehicle, purchase_date, created_at)
    select ${claimant}, s.id, s.dealership_id, '2023 Toyota Tacoma', ${new Date(now - 6 * DAY).toISOString().slice(0, 10)}::date,
           ${new Date(now - DAY).toISOString()}
      from salespeople s where s.id = ${salespersonId}`;
}
