import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { AboutPage } from "../features/marketing/AboutPage";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/about")({
  ...documentRoute("about-us", "Error Loading About Us"),
  errorComponent: RouteError,
  component: AboutPage,
});
