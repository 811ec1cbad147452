import * as shape from "../../../shared/schemas/messages";
import { signedIn, taggedRouter } from "../../trpc/procedures";
import { contactSalesperson, listConversations, readConversation, replyInConversation } from "./service";

export const messagesRouter = taggedRouter("Messages", {
  contact: signedIn.mutation(shape.contactSalespersonInput, shape.contactSent, contactSalesperson, {
    rest: { route: "POST /contact-salesperson", status: 201 },
  }),
  conversations: signedIn.query(shape.conversationSummaries, listConversations),
  conversation: signedIn.query(shape.conversationInput, shape.conversationThread, readConversation),
  reply: signedIn.mutation(shape.replyMessageInput, shape.sentReply, replyInConversation),
});
