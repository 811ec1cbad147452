// What other parts of the client use of dealer groups: the group's page (its route) and the switcher of the
// dealership a group member works on (the manager dashboard, Bookings).
export { DealershipSwitcher } from "./DealershipSwitcher";
export { GroupPage } from "./GroupPage";
export { groupQueries } from "./queries";
