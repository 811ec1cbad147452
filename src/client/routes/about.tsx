import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { documentQueries } from "../features/documents/queries";
import { AboutPage } from "../features/marketing/AboutPage";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/about")({
  ...documentRoute("about-us", "Error Loading About Us"),
  loader: ({ context }) => context.queryClient.ensureQueryData(documentQueries.get("about-us")),
  errorComponent: RouteError,
  component: AboutPage,
});
