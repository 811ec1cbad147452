import { createFileRoute } from "@tanstack/react-router";
import { AboutPage } from "../features/marketing/AboutPage";

export const Route = createFileRoute("/about")({
  component: AboutPage,
});
