import * as shape from "../../../shared/schemas/messages";
import {
  contactSalespersonInput,
  conversationInput,
  replyMessageInput,
} from "../../../shared/schemas/messages";
import { router, signedInProcedure } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { contactSalesperson, listConversations, readConversation, replyInConversation } from "./service";

export const messagesRouter = router({
  contact: signedInProcedure
    .input(contactSalespersonInput)
    .output(answers(shape.contactSent))
    .mutation(({ ctx, input }) => contactSalesperson(ctx, input)),
  conversations: signedInProcedure
    .output(answers(shape.conversationSummaries))
    .query(({ ctx }) => listConversations(ctx)),
  conversation: signedInProcedure
    .input(conversationInput)
    .output(answers(shape.conversationThread))
    .query(({ ctx, input }) => readConversation(ctx, input.conversationId)),
  reply: signedInProcedure
    .input(replyMessageInput)
    .output(answers(shape.sentReply))
    .mutation(({ ctx, input }) => replyInConversation(ctx, input.conversationId, input.body)),
});
