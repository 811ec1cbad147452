import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { AboutPage } from "../features/marketing/AboutPage";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/about")({
  ...documentRoute("about-us", "Error Loading About Us"),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: AboutPage,
});
