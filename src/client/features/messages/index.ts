// What other features use of messages: the contact dialog on profiles, and the inbox on both dashboards.
export { ContactDialog } from "./ContactDialog";
export { MessagesInbox } from "./MessagesInbox";
export { messageQueries } from "./queries";
