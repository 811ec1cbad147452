// What other parts of the client use of dealer groups: the group's page (its route), the switcher of the
// dealership a group member works on (the manager dashboard, Bookings), and the group's people (the admin console).
export { DealershipSwitcher } from "./DealershipSwitcher";
export { GroupPage } from "./GroupPage";
export { GroupPeopleCard } from "./GroupPeopleCard";
export { GROUP_ROLE_PALETTE, GROUP_ROLE_SET } from "./groupRoles";
export { groupQueries } from "./queries";
