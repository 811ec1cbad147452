// Work waiting for the demo manager and administrator: a salesperson to confirm, certifications (one to decide),
// reviews flagged by managers, transfer requests (one for the demo dealership's manager, two for an
// administrator) and misconduct cases.

import { createHash } from "node:crypto";
import type { Queryable } from "../db/client";
import type { SalespersonRow } from "../db/rows";
import { primaryLeadSql } from "../domains/manager/members";
import type { rng } from "./words";

export async function seedStaffQueues(
  sql: Queryable,
  demo: {
    /** The main seed's random stream, whose draws here keep every later row as it was. */
    random: ReturnType<typeof rng>;
    demoDealershipId: number;
    otherDealershipId: number | undefined;
    demoSalespersonId: number;
    demoManager: string;
  },
): Promise<void> {
  const { random, demoDealershipId, otherDealershipId, demoSalespersonId, demoManager } = demo;
  // Certifications on a few profiles, most verified by their dealership's manager, so profiles show badges,
  // the manager's queue has one to decide, and browse's certification filter finds someone.
  await sql`
    insert into certifications (salesperson_id, name, issuer, year, credential_id, verified_at, verified_by,
                                verified_by_dealership_id, verified_by_dealership_name)
    select s.id, c.name, c.issuer, c.year, c.credential_id,
           case when c.verified then now() end, case when c.verified then ${primaryLeadSql(sql, sql`d.id`)} end,
           case when c.verified then d.id end, case when c.verified then d.name end
      from (select id, dealership_id, row_number() over (order by id) as n
              from salespeople where dealership_id is not null order by id limit 12) s
      join dealerships d on d.id = s.dealership_id
      join (values
        (1, 'Certified Sales Professional', 'National Automobile Dealers Association', 2021, 'NADA-CSP-20417', true),
        (1, 'Electric Vehicle Specialist', 'Plug In America', 2024, null, false),
        (2, 'Certified Sales Professional', 'National Automobile Dealers Association', 2019, null, true),
        (3, 'Automotive Finance Certification', 'AFIP', 2022, 'AFIP-88213', true),
        (5, 'Electric Vehicle Specialist', 'Plug In America', 2023, null, true),
        (8, 'Certified Pre-Owned Specialist', 'Toyota Motor Sales', 2020, null, true),
        (12, 'Automotive Finance Certification', 'AFIP', 2025, null, false)
      ) as c(n, name, issuer, year, credential_id, verified) on c.n = s.n`;

  const team = await sql<Pick<SalespersonRow, "id">[]>`
    select id from salespeople where dealership_id = ${demoDealershipId} and id <> ${demoSalespersonId} order by id limit 3`;
  if (team[0]) await sql`update salespeople set verified_at = null where id = ${team[0].id}`;
  const flagged = await sql<{ id: number }[]>`
    select r.id from ratings r join salespeople s on s.id = r.salesperson_id
     where s.dealership_id = ${demoDealershipId} and r.comment is not null
     order by r.overall_rating, r.id limit 2`;
  for (const rating of flagged)
    await sql`insert into rating_flags (rating_id, flagged_by, reason)
              values (${rating.id}, ${demoManager}, 'The customer never visited our dealership on that date.')`;
  const movers = await sql<Pick<SalespersonRow, "id" | "dealership_id">[]>`
    select id, dealership_id from salespeople
     where dealership_id is not null and dealership_id <> ${demoDealershipId} order by id limit 3`;
  const [toDemo, toOther, toIndependent] = movers;
  if (toDemo && toOther && toIndependent && otherDealershipId !== undefined) {
    await sql`insert into transfer_requests (salesperson_id, from_dealership_id, to_dealership_id, status, note)
              values (${toDemo.id}, ${toDemo.dealership_id}, ${demoDealershipId}, 'awaiting_manager',
                      'I am moving closer to your dealership and would love to join the team.'),
                     (${toOther.id}, ${toOther.dealership_id}, ${toOther.dealership_id === otherDealershipId ? demoDealershipId : otherDealershipId},
                      'awaiting_admin', 'Relocating for family reasons.'),
                     (${toIndependent.id}, ${toIndependent.dealership_id}, null, 'awaiting_admin',
                      'Going independent to work with buyers directly.')`;
  }

  // Misconduct cases: two for the demo dealership's manager, one about an independent salesperson for an
  // administrator. Tracking codes are random and never shown: only their hash is stored, as for real reports.
  const independentPerson = await sql<Pick<SalespersonRow, "id">[]>`
    select id from salespeople where dealership_id is null order by id limit 1`;
  const cases = [
    {
      person: team[1]?.id,
      dealer: demoDealershipId,
      category: "high-pressure",
      status: "open",
      text: "Kept pushing an extended warranty after I said no three times.",
    },
    {
      person: team[2]?.id,
      dealer: demoDealershipId,
      category: "misleading",
      status: "investigating",
      text: "The price quoted on the phone was not the price on the paperwork.",
    },
    {
      person: independentPerson[0]?.id,
      dealer: null,
      category: "financing",
      status: "open",
      text: "The financing terms changed between the test drive and signing.",
    },
  ];
  for (const c of cases) {
    if (!c.person) continue;
    await sql`insert into misconduct_reports (salesperson_id, dealership_id, category, description, tracking_code_hash, status)
              values (${c.person}, ${c.dealer}, ${c.category}, ${c.text}, ${createHash("sha256").update(`seed-case-${c.person}-${random.next()}`).digest("hex")}, ${c.status})`;
  }
}
