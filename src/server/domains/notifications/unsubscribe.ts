// Unsubscribing from a kind of e-mail without signing in (RFC 8058's one-click, and the link in the mail's foot).
// The link carries a token sealed with the server's secret box (authenticated encryption: it cannot be forged or
// altered) naming the account and the kind. A POST turns that kind's e-mail off; a GET only describes what the
// POST would do, since link scanners fetch every link of a mail.

import { links } from "../../../shared/links";
import {
  isEssential,
  isNotificationKind,
  type MailKind,
  NOTIFICATION_KINDS,
} from "../../../shared/notificationKinds";
import type { SessionUser } from "../../../shared/schemas/auth";
import type { UnsubscribeLink } from "../../../shared/schemas/notifications";
import { appError } from "../../appError";
import type { SecretBox } from "../../crypto/secretBox";
import type { Context } from "../../serviceContext";
import { mailWantedSql, stopMail } from "./preferences";

const BINDING = "notifications:unsubscribe";

/** The secret of the unsubscribe link of `kind`'s e-mails to the account `userId`. */
export function unsubscribeToken(secrets: SecretBox, userId: string, kind: MailKind): string {
  return secrets.seal(JSON.stringify({ u: userId, k: kind }), BINDING);
}

function invalidLink() {
  return appError(
    "BAD_REQUEST",
    "This unsubscribe link is not valid. Use the link from your latest e-mail, or choose your e-mails in your notification settings.",
    "INVALID_UNSUBSCRIBE_LINK",
  );
}

/** The account and kind a token names; refused as an invalid link when it is not one we sealed. */
function openToken(secrets: SecretBox, token: string): { userId: string; kind: MailKind } {
  let claim: { u?: unknown; k?: unknown };
  try {
    claim = JSON.parse(secrets.open(token, BINDING));
  } catch {
    throw invalidLink();
  }
  const { u, k } = claim;
  if (typeof u !== "string" || typeof k !== "string" || !isNotificationKind(k) || isEssential(k))
    throw invalidLink();
  if (!NOTIFICATION_KINDS[k].email) throw invalidLink();
  return { userId: u, kind: k as MailKind };
}

/** An address with most of its local part hidden: the link may have been forwarded. */
function hiddenAddress(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

type Account = { id: string; email: string; role: SessionUser["role"]; wanted: boolean };

async function accountOf(ctx: Pick<Context, "sql">, userId: string, kind: MailKind): Promise<Account> {
  const [account] = await ctx.sql<Account[]>`
    select u.id, u.email::text as email, u.role, ${mailWantedSql(ctx.sql, ctx.sql`u.id`, kind)} as wanted
      from users u where u.id = ${userId}::uuid and u.disabled_at is null`;
  if (!account) throw appError("NOT_FOUND", "This account no longer exists.", "USER_NOT_FOUND");
  return account;
}

/** What a link would stop, for the page that asks to confirm it (GET: changes nothing). */
export async function describeUnsubscribe(
  ctx: Pick<Context, "sql" | "secrets">,
  { token }: { token: string },
): Promise<UnsubscribeLink> {
  const { userId, kind } = openToken(ctx.secrets, token);
  const account = await accountOf(ctx, userId, kind);
  return {
    kind,
    label: NOTIFICATION_KINDS[kind].label,
    email: hiddenAddress(account.email),
    unsubscribed: !account.wanted,
    page: links.unsubscribe(token),
  };
}

/** The one click: that kind's e-mail stops for that account. Repeating it changes nothing. */
export async function unsubscribe(
  ctx: Pick<Context, "sql" | "secrets" | "ip">,
  { token }: { token: string },
): Promise<UnsubscribeLink> {
  const { userId, kind } = openToken(ctx.secrets, token);
  const account = await accountOf(ctx, userId, kind);
  await ctx.sql.begin((tx) => stopMail(ctx, tx, account, kind, "one-click"));
  return {
    kind,
    label: NOTIFICATION_KINDS[kind].label,
    email: hiddenAddress(account.email),
    unsubscribed: true,
    page: links.unsubscribe(token),
  };
}
