export { GroupPeopleCard } from "./GroupPeopleCard";
export { GROUP_ROLE_PALETTE } from "./groupRoles";
