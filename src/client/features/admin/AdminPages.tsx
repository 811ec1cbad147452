export { AdminConsolePage as AdminDashboardPage } from "./AdminConsolePage";
export { AdminLoginPage } from "./AdminLoginPage";
