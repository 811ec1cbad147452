// Stopping invitations to review with one click (docs/product/reviews.md). The link carries a token sealed with
// the server's secret box (authenticated encryption: it cannot be forged or altered) naming the account and
// address it was sent to. There is no preference store, so the opt-out is kept where every account change is:
// one audit entry `user.review-invitations-off` by the buyer, which the invitation job reads.
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { SecretBox } from "../../crypto/secretBox";
import type { Fragment, Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";

const BINDING = "review-invitations:stop";
const ACTION = "user.review-invitations-off";

export function unsubscribeToken(secrets: SecretBox, userId: string, email: string): string {
  return secrets.seal(JSON.stringify({ u: userId, e: email }), BINDING);
}

/** Whether the account `userId` (an SQL expression) has stopped invitations to review. */
export function reviewInvitationsOffSql(sql: Queryable, userId: Fragment): Fragment {
  return sql`exists (select from audit_log l
                      where l.entity_type = 'user' and l.entity_id = (${userId})::text and l.action = ${ACTION})`;
}

function invalidLink() {
  return appError(
    "BAD_REQUEST",
    "This link is not valid. Use the link from your latest e-mail.",
    "INVALID_LINK",
  );
}

/** The one click: no sign-in needed, the token says whose invitations stop. Repeating it changes nothing. */
export async function stopReviewInvitations(
  ctx: Pick<Context, "sql" | "secrets" | "ip">,
  { token }: { token: string },
): Promise<{ ok: true; email: string }> {
  let claim: { u?: unknown; e?: unknown };
  try {
    claim = JSON.parse(ctx.secrets.open(token, BINDING));
  } catch {
    throw invalidLink();
  }
  if (typeof claim.u !== "string" || typeof claim.e !== "string") throw invalidLink();
  const userId = claim.u;
  await ctx.sql.begin(async (tx) => {
    const [account] = await tx<{ id: string; off: boolean }[]>`
      select id, ${reviewInvitationsOffSql(tx, tx`id`)} as off from users where id = ${userId}::uuid for update`;
    if (!account || account.off) return;
    await recordAudit({ user: { id: userId, role: "customer" } as never, ip: ctx.ip }, tx, {
      action: ACTION,
      entityId: userId,
      after: { reviewInvitations: false },
    });
  });
  return { ok: true, email: claim.e };
}
