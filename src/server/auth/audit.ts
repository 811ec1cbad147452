// Writes security events (sign-in attempts, denied access, privileged changes). Never records secrets.

import type { Context } from "../context";
import { securityEvents } from "../db/schema";

type EventInput = {
  eventType: string;
  riskLevel?: "low" | "medium" | "high" | "critical";
  details?: string;
  userId?: string | null;
};

export async function recordSecurityEvent(
  ctx: Pick<Context, "db" | "ip" | "user" | "logger">,
  event: EventInput,
): Promise<void> {
  try {
    await ctx.db.insert(securityEvents).values({
      userId: event.userId === undefined ? (ctx.user?.id ?? null) : event.userId,
      eventType: event.eventType,
      riskLevel: event.riskLevel ?? "low",
      ipAddress: ctx.ip,
      details: event.details?.slice(0, 1000) ?? null,
    });
  } catch (error) {
    ctx.logger.warn(`could not record security event ${event.eventType}`, error);
  }
}
