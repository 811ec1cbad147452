import * as shape from "../../../shared/schemas/messages";
import {
  contactSalespersonInput,
  conversationInput,
  replyMessageInput,
} from "../../../shared/schemas/messages";
import { authedProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { contactSalesperson, listConversations, readConversation, replyInConversation } from "./service";

export const messagesRouter = router({
  contact: authedProcedure
    .input(contactSalespersonInput)
    .output(answers(shape.contactSent))
    .mutation(({ ctx, input }) => contactSalesperson(ctx, input)),
  conversations: authedProcedure.query(({ ctx }) => listConversations(ctx)),
  conversation: authedProcedure
    .input(conversationInput)
    .query(({ ctx, input }) => readConversation(ctx, input.conversationId)),
  reply: authedProcedure
    .input(replyMessageInput)
    .mutation(({ ctx, input }) => replyInConversation(ctx, input.conversationId, input.body)),
});
