// What the messages screens read, declared once for the routes that open on them and the inbox.
import { trpcUtils } from "../../trpc";

export const messageQueries = { conversations: () => trpcUtils.messages.conversations.queryOptions() };
