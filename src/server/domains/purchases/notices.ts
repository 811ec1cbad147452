// Job handler: the e-mail a buyer receives when their purchase claim is decided (confirmed, or declined with the
// dealership's reason), queued in the transaction of the decision so it goes exactly when the decision commits.
import { links } from "../../../shared/links";
import type { Sql } from "../../db/client";
import type { JobData } from "../../jobs/queue";
import type { Mailer } from "../../mail/mailer";

export async function sendPurchaseClaimNotice(
  deps: { sql: Sql; mailer: Mailer; appUrl: string },
  data: JobData["purchase-claim-notice"],
): Promise<void> {
  const [row] = await deps.sql<
    {
      status: string;
      declineReason: string | null;
      vehicle: string | null;
      email: string | null;
      firstName: string | null;
      salespersonName: string;
      dealershipName: string | null;
    }[]
  >`
    select c.status, c.decline_reason as "declineReason", c.vehicle, u.email::text as email,
           u.first_name as "firstName", s.name as "salespersonName", d.name as "dealershipName"
      from purchase_claims c
      join salespeople s on s.id = c.salesperson_id
      left join dealerships d on d.id = c.dealership_id
      left join users u on u.id = c.customer_id
     where c.id = ${data.claimId}`;
  // Erased since, or not decided after all: nothing to say.
  if (!row?.email || row.status === "pending") return;
  const hello = `Hello${row.firstName ? ` ${row.firstName}` : ""},`;
  const what = `your purchase${row.vehicle ? ` of ${row.vehicle}` : ""} from ${row.salespersonName}`;
  const who = row.dealershipName ?? "Our team";
  const page = `${deps.appUrl}${links.customerDashboard({ tab: "ratings" })}`;
  await deps.mailer.send(
    row.status === "confirmed"
      ? {
          kind: "purchase_claims",
          to: row.email,
          subject: `Your purchase from ${row.salespersonName} is verified`,
          text: `${hello}\n\n${who} confirmed ${what}. Your reviews of ${row.salespersonName} now show "Verified purchase".\n\nSee your reviews and claims: ${page}\n`,
        }
      : {
          kind: "purchase_claims",
          to: row.email,
          subject: `Your purchase claim for ${row.salespersonName} was declined`,
          text: `${hello}\n\n${who} could not confirm ${what}.\nReason: ${row.declineReason ?? "none given"}\n\nIf you think this is a mistake, you can claim the purchase again with its details: ${page}\n`,
        },
  );
}
