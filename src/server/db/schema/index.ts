export * from "./appointments";
export * from "./dealerships";
export * from "./salespeople";
export * from "./users";
