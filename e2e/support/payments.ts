// Payments going down in the middle of a journey: the e2e server's stand-in of Stripe fails the requests a fault
// matches (tests/support/stripe-standin.ts) until the outage ends.
import type { StandInFault } from "../../tests/support/stripe-standin";
import { mailboxURL } from "./mailbox";

/** Starts an outage of the requests `fault` matches, or (with null) ends every outage. */
export async function paymentsOutage(fault: StandInFault | null): Promise<void> {
  const res = await fetch(`${mailboxURL()}/stripe/outage`, {
    method: fault ? "POST" : "DELETE",
    ...(fault ? { headers: { "content-type": "application/json" }, body: JSON.stringify(fault) } : {}),
  });
  if (res.status !== 204) throw new Error(`the mailbox answered ${res.status} to /stripe/outage`);
}
