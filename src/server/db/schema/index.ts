export * from "./appointments";
export * from "./content";
export * from "./dealerships";
export * from "./management";
export * from "./portal";
export * from "./reviews";
export * from "./salespeople";
export * from "./users";
