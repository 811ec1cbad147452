// What other features use of invitations: the list of invitations sent (the manager's and the admin console), and the
// answers a people card gives its waiting invitations (a team's, a dealer group's).
export { resendAndRevoke, SentInvitationList } from "./SentInvitationList";
