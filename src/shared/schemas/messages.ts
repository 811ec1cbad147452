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

const side = z.enum(["customer", "salesperson"]).describe("The caller's side of the conversation");

/** One conversation of the caller's inbox, newest first. */
export const conversationSummary = z.object({
  id: z.number().int(),
  side,
  salespersonId: z.number().int(),
  otherName: z.string().describe("The salesperson's name, or the buyer's name or e-mail"),
  lastMessage: z.string(),
  lastMessageAt: z.date(),
  unread: z.number().int().describe("Messages from the other side not read yet"),
});
export const conversationSummaries = z.array(conversationSummary);

export const conversationMessage = z.object({
  id: z.number().int(),
  senderRole: z.enum(["customer", "salesperson"]),
  body: z.string(),
  createdAt: z.date(),
  readAt: z.date().nullable(),
});

export const conversationThread = z.object({
  id: z.number().int(),
  side,
  salespersonId: z.number().int(),
  customerName: z.string(),
  salespersonName: z.string(),
  contactMethod: z.enum(CONTACT_METHODS),
  customerContact: z
    .object({ email: z.string(), phone: z.string().nullable() })
    .nullable()
    .describe("How to reach the buyer by the method they chose: only the salesperson's side sees it"),
  messages: z.array(conversationMessage).describe("Oldest first"),
});

export const sentReply = conversationMessage
  .omit({ readAt: true })
  .extend({ conversationId: z.number().int() });
