// The mailer every sender goes through (services.ts wires it around the SMTP mailer): an essential e-mail goes
// out as it is; a non-essential one goes only to an address whose account has not switched its kind off, and
// carries that account's unsubscribe link, in its foot and as RFC 8058's List-Unsubscribe headers. An address
// with no account (a salesperson profile nobody has signed in to) has no choice to honour, so it has no link.
import { links } from "../../../shared/links";
import { isEssential, type MailKind } from "../../../shared/notificationKinds";
import type { SecretBox } from "../../crypto/secretBox";
import type { Sql } from "../../db/client";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { mailWantedSql } from "./preferences";
import { unsubscribeToken } from "./unsubscribe";

/** The account an address belongs to: its own sign-in address, or the address of the profile it holds. */
async function recipientAccount(sql: Sql, to: string, kind: MailKind) {
  const [account] = await sql<{ id: string; wanted: boolean }[]>`
    select a.id, ${mailWantedSql(sql, sql`a.id`, kind)} as wanted
      from (select u.id, 0 as rank from users u where u.email = ${to}::citext
            union all
            select s.user_id, 1 from salespeople s where s.email = ${to}::citext and s.user_id is not null) a
     order by a.rank limit 1`;
  return account ?? null;
}

/** The message with its unsubscribe links, for the account `userId`. */
function withUnsubscribe(message: MailMessage, appUrl: string, token: string): MailMessage {
  const oneClick = `${appUrl}/api/unsubscribe/${token}`;
  const page = `${appUrl}${links.unsubscribe(token)}`;
  const settings = `${appUrl}${links.notificationSettings()}`;
  return {
    ...message,
    text: `${message.text}\n--\nUnsubscribe from these e-mails: ${page}\nChoose which e-mails you get: ${settings}\n`,
    ...(message.html
      ? {
          html: `${message.html}<hr><p style="font-size:12px;color:#555"><a href="${page}">Unsubscribe from these e-mails</a> · <a href="${settings}">Choose which e-mails you get</a></p>`,
        }
      : {}),
    headers: {
      ...message.headers,
      "List-Unsubscribe": `<${oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

export function honourPreferences(
  mailer: Mailer,
  deps: { sql: Sql; secrets: SecretBox; appUrl: string },
): Mailer {
  return {
    async send(message) {
      if (isEssential(message.kind)) return mailer.send(message);
      const account = await recipientAccount(deps.sql, message.to.trim(), message.kind);
      if (!account) return mailer.send(message);
      if (!account.wanted) return "not wanted";
      const token = unsubscribeToken(deps.secrets, account.id, message.kind);
      return mailer.send(withUnsubscribe(message, deps.appUrl, token));
    },
    close: () => mailer.close(),
  };
}
