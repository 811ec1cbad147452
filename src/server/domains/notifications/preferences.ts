// Each account's choice of which notices reach it, per kind of event and channel (docs/product/notifications.md).
// Only what differs from the default (everything on) is stored, one row per kind; an essential kind is never
// stored, and switching it off is refused. Every change is one audit entry `user.notification-preferences`.
import {
  type Audience,
  hasChannel,
  isEssential,
  NOTIFICATION_KIND_KEYS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  reaches,
  whyAlwaysOn,
} from "../../../shared/notificationKinds";
import type { SessionUser } from "../../../shared/schemas/auth";
import type {
  NotificationPreference,
  NotificationPreferences,
  SetNotificationPreferenceInput,
} from "../../../shared/schemas/notifications";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Fragment, Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";

type StoredPreference = { kind: string; inApp: boolean; email: boolean };

export const PREFERENCE_AUDIT_ACTION = "user.notification-preferences";

type Viewer = Pick<SessionUser, "id" | "role" | "salespersonId" | "managedDealershipId">;

/** Who the account is, for the kinds that can reach it (a salesperson who leads a dealership is both). */
function audiencesOf(user: Viewer): Audience[] {
  const audiences: Audience[] = [];
  if (user.role === "customer") audiences.push("customer");
  if (user.salespersonId !== null) audiences.push("salesperson");
  if (user.managedDealershipId !== null) audiences.push("lead");
  if (user.role === "admin") audiences.push("admin");
  return audiences;
}

/** Every kind that can reach the account, with what reaches it on each channel, given its stored rows. */
function preferencesView(user: Viewer, rows: readonly StoredPreference[]): NotificationPreferences {
  const stored = new Map(rows.map((row) => [row.kind, row]));
  const audiences = audiencesOf(user);
  return {
    kinds: NOTIFICATION_KIND_KEYS.filter((kind) => reaches(kind, audiences)).map(
      (kind): NotificationPreference => {
        const declared = NOTIFICATION_KINDS[kind];
        const row = declared.essential ? undefined : stored.get(kind);
        return {
          kind,
          label: declared.label,
          description: declared.description,
          essential: declared.essential,
          always: whyAlwaysOn(kind),
          inApp: hasChannel(kind, "inApp") ? (row?.inApp ?? true) : null,
          email: hasChannel(kind, "email") ? (row?.email ?? true) : null,
        };
      },
    ),
  };
}

async function storedPreferences(sql: Queryable, userId: string): Promise<StoredPreference[]> {
  return sql<StoredPreference[]>`
    select kind, in_app_enabled as "inApp", email_enabled as email
      from notification_preferences where user_id = ${userId} order by kind`;
}

/** The caller's own preferences: every kind, with what reaches them on each channel. */
export async function readPreferences(
  ctx: Pick<Context, "sql">,
  user: Viewer,
): Promise<NotificationPreferences> {
  return preferencesView(user, await storedPreferences(ctx.sql, user.id));
}

/** The refusal of a change a kind does not allow, or null when it may be stored. */
function refusal(kind: NotificationKind, change: Partial<Record<NotificationChannel, boolean>>) {
  for (const channel of ["inApp", "email"] as const) {
    if (change[channel] === undefined) continue;
    if (!hasChannel(kind, channel))
      return appError(
        "BAD_REQUEST",
        `${NOTIFICATION_KINDS[kind].label} are never ${channel === "email" ? "e-mailed" : "shown in the app"}`,
        "NO_SUCH_CHANNEL",
      );
    if (change[channel] === false && isEssential(kind))
      return appError(
        "BAD_REQUEST",
        `${NOTIFICATION_KINDS[kind].label} cannot be switched off. ${whyAlwaysOn(kind)}`,
        "ESSENTIAL_NOTIFICATION",
      );
  }
  return null;
}

/**
 * Switches one kind's channels on or off for the caller. Switching an essential kind on changes nothing (it is
 * always on); switching it off is refused.
 */
export async function setPreference(
  ctx: Pick<Context, "sql" | "user" | "ip">,
  user: Viewer,
  input: SetNotificationPreferenceInput,
): Promise<NotificationPreferences> {
  const { kind } = input;
  const refused = refusal(kind, input);
  if (refused) throw refused;
  if (isEssential(kind)) return readPreferences(ctx, user);
  return ctx.sql.begin(async (tx) => {
    const [before] = await tx<StoredPreference[]>`
      select kind, in_app_enabled as "inApp", email_enabled as email from notification_preferences
       where user_id = ${user.id} and kind = ${kind} for update`;
    const inApp = input.inApp ?? before?.inApp ?? true;
    const email = input.email ?? before?.email ?? true;
    if (before?.inApp === inApp && before.email === email)
      return preferencesView(user, await storedPreferences(tx, user.id));
    await tx`
      insert into notification_preferences (user_id, kind, in_app_enabled, email_enabled)
      values (${user.id}, ${kind}, ${inApp}, ${email})
      on conflict (user_id, kind) do update
        set in_app_enabled = excluded.in_app_enabled, email_enabled = excluded.email_enabled, updated_at = now(),
            unsubscribed_at = case when excluded.email_enabled then null
                                   else notification_preferences.unsubscribed_at end`;
    await recordAudit(ctx, tx, {
      action: PREFERENCE_AUDIT_ACTION,
      entityId: user.id,
      before: { kind, inApp: before?.inApp ?? true, email: before?.email ?? true },
      after: { kind, inApp, email, via: "settings" },
    });
    return preferencesView(user, await storedPreferences(tx, user.id));
  });
}

/**
 * Turns one kind's e-mail off for an account, as a one-click unsubscribe does: records when, and the audit entry
 * as the account's own change. Answers whether it was on until now (a repeated click changes nothing).
 */
export async function stopMail(
  ctx: Pick<Context, "ip">,
  tx: Queryable,
  account: { id: string; role: SessionUser["role"] },
  kind: NotificationKind,
  via: string,
): Promise<boolean> {
  // No row when the e-mail was off already: the conflict's update is skipped.
  const [changed] = await tx<{ kind: string }[]>`
    insert into notification_preferences (user_id, kind, email_enabled, unsubscribed_at)
    values (${account.id}, ${kind}, false, now())
    on conflict (user_id, kind) do update
      set email_enabled = false, unsubscribed_at = now(), updated_at = now()
      where notification_preferences.email_enabled
    returning kind`;
  if (!changed) return false;
  await recordAudit({ user: { id: account.id, role: account.role } as SessionUser, ip: ctx.ip }, tx, {
    action: PREFERENCE_AUDIT_ACTION,
    entityId: account.id,
    before: { kind, email: true },
    after: { kind, email: false, via },
  });
  return true;
}

/**
 * Whether the account `userId` (an SQL expression) wants `kind`'s e-mail: true unless it switched it off.
 * Essential kinds are always wanted.
 */
export function mailWantedSql(sql: Queryable, userId: Fragment, kind: NotificationKind) {
  if (isEssential(kind)) return sql`true`;
  return sql`not exists (select from notification_preferences p
                          where p.user_id = (${userId}) and p.kind = ${kind} and not p.email_enabled)`;
}
