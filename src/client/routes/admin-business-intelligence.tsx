import { createFileRoute } from "@tanstack/react-router";
import { BusinessIntelligencePage } from "../features/admin/AdminPages";

export const Route = createFileRoute("/admin-business-intelligence")({
  component: BusinessIntelligencePage,
});
