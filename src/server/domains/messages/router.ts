import * as shape from "../../../shared/schemas/messages";
import {
  contactSalespersonInput,
  conversationInput,
  replyMessageInput,
} from "../../../shared/schemas/messages";
import { signedIn, taggedRouter } from "../../trpc/procedures";
import { contactSalesperson, listConversations, readConversation, replyInConversation } from "./service";

export const messagesRouter = taggedRouter("Messages", {
  contact: signedIn.mutation(contactSalespersonInput, shape.contactSent, contactSalesperson, {
    rest: { method: "POST", path: "/contact-salesperson", input: "body", status: 201 },
  }),
  conversations: signedIn.query(shape.conversationSummaries, listConversations),
  conversation: signedIn.query(conversationInput, shape.conversationThread, (ctx, input) =>
    readConversation(ctx, input.conversationId),
  ),
  reply: signedIn.mutation(replyMessageInput, shape.sentReply, (ctx, input) =>
    replyInConversation(ctx, input.conversationId, input.body),
  ),
});
