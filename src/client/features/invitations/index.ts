// What other features use of invitations: the list of invitations sent (the manager's and the admin console).
export { invitationAnswers, SentInvitationList } from "./SentInvitationList";
