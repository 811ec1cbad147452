// Writes security events (sign-in attempts, denied access, privileged changes). Never records secrets.

import type { Context } from "../context";
import type { SecurityEventRow } from "../db/rows";

type EventInput = {
  eventType: string;
  riskLevel?: SecurityEventRow["risk_level"];
  details?: string;
  userId?: string | null;
};

export async function recordSecurityEvent(
  ctx: Pick<Context, "sql" | "ip" | "user" | "logger">,
  event: EventInput,
): Promise<void> {
  try {
    const userId = event.userId === undefined ? (ctx.user?.id ?? null) : event.userId;
    await ctx.sql`
      insert into security_events (user_id, event_type, risk_level, ip_address, details)
      values (${userId}, ${event.eventType}, ${event.riskLevel ?? "low"}, ${ctx.ip},
              ${event.details?.slice(0, 1000) ?? null})`;
  } catch (error) {
    ctx.logger.warn(`could not record security event ${event.eventType}`, error);
  }
}
