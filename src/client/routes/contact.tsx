import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "../features/marketing/ContactPage";

export const Route = createFileRoute("/contact")({
  component: ContactPage,
});
