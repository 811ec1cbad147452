// Inputs and answers of the messages domain: buyers contacting salespeople, and the conversation that follows.
import { z } from "zod";
import { CONTACT_METHODS } from "../reviews";
import { idSchema, text } from "./common";

export const contactSalespersonInput = z.strictObject({
  salespersonId: idSchema,
  message: text({ error: "Please write a message" }).min(1, "Please write a message").max(4000),
  contactMethod: z.enum(CONTACT_METHODS, { error: "Choose how you want to be contacted" }),
});
export const replyMessageInput = z.strictObject({
  conversationId: idSchema,
  body: text().min(1, "Please write a message").max(4000),
});
export const conversationInput = z.strictObject({ conversationId: idSchema });

export const contactSent = z.object({
  conversationId: z.number().int(),
  messageId: z.number().int(),
  message: z.string(),
});
