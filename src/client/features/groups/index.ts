export { GroupPeopleCard } from "./GroupPeopleCard";
