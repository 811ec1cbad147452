// Stopping invitations to review with one click, from the link e-mails sent before every non-essential e-mail
// carried its own unsubscribe link (domains/notifications/unsubscribe.ts). The link carries a token sealed with
// the server's secret box naming the account and the address it was sent to; the opt-out is the account's
// preference for `review_invitations` e-mail (notification_preferences), which the invitation job reads.

import type { SessionUser } from "../../../shared/schemas/auth";
import { appError } from "../../appError";
import type { SecretBox } from "../../crypto/secretBox";
import type { Fragment, Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { mailWantedSql, stopMail } from "../notifications/preferences";

const BINDING = "review-invitations:stop";

export function unsubscribeToken(secrets: SecretBox, userId: string, email: string): string {
  return secrets.seal(JSON.stringify({ u: userId, e: email }), BINDING);
}

/** Whether the account `userId` (an SQL expression) has stopped invitations to review. */
export function reviewInvitationsOffSql(sql: Queryable, userId: Fragment): Fragment {
  return sql`not ${mailWantedSql(sql, userId, "review_invitations")}`;
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
    const [account] = await tx<{ id: string; role: SessionUser["role"] }[]>`
      select id, role from users where id = ${userId}::uuid for update`;
    if (account) await stopMail(ctx, tx, account, "review_invitations", "review-invitation-link");
  });
  return { ok: true, email: claim.e };
}
