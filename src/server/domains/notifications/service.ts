// In-app notifications: each user's own, plus those addressed to the salesperson profile they own.
import type { SessionUser } from "../../../shared/schemas/auth";
import type { NotificationItem } from "../../../shared/schemas/notifications";
import type { Sql } from "../../db/client";

function mine(sql: Sql, user: SessionUser) {
  return sql`(user_id = ${user.id} or salesperson_id = ${user.salespersonId})`;
}

export async function listNotifications(sql: Sql, user: SessionUser, limit = 30) {
  const [items, [counts]] = await Promise.all([
    sql<NotificationItem[]>`
      select id, type, title, body, link, read_at as "readAt", created_at as "createdAt"
        from notifications where ${mine(sql, user)} order by created_at desc, id desc limit ${limit}`,
    sql<
      { unread: number }[]
    >`select count(*)::int as unread from notifications where ${mine(sql, user)} and read_at is null`,
  ]);
  return { items: [...items], unread: counts?.unread ?? 0 };
}

export async function markNotificationsRead(sql: Sql, user: SessionUser, ids: number[] | "all") {
  const rows =
    ids === "all"
      ? await sql`update notifications set read_at = now() where ${mine(sql, user)} and read_at is null returning id`
      : await sql`update notifications set read_at = now()
                   where id in ${sql(ids)} and ${mine(sql, user)} and read_at is null returning id`;
  return { updated: rows.length };
}
