// The inputs and answers a dealership's own team and a dealer group's people have alike, given their role schema.
import { z } from "zod";
import { emailSchema } from "./auth";
import { line } from "./common";

/** A member, an open invitation, and the inputs and answers of inviting, changing a role and taking one off. */
export function peopleSchemas<R extends z.ZodType>(role: R, since: string) {
  const person = { email: z.string(), name: z.string().nullable(), role };
  return {
    member: z.object({ userId: z.uuid(), ...person, since: z.date().describe(since) }),
    invitation: z.object({ id: z.uuid(), ...person, sentAt: z.date(), expiresAt: z.date() }),
    inviteInput: z.strictObject({ email: emailSchema, name: line().max(120).optional(), role }),
    invited: z.object({ id: z.uuid(), email: z.string(), role }),
    roleInput: z.strictObject({ userId: z.uuid(), role }),
    refInput: z.strictObject({ userId: z.uuid() }),
    removed: z.object({ userId: z.uuid(), removed: z.literal(true) }),
  };
}
