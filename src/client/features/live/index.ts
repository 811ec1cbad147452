export { LiveTopBar } from "./LiveTopBar";
