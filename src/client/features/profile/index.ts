// What other features use of the account profile: its card, shown in the customer dashboard's Profile tab.
export { ProfileCard } from "./ProfilePage";
