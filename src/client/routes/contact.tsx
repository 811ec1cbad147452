import { createFileRoute } from "@tanstack/react-router";
import { ContactPage } from "../features/marketing/ContactPage";
import { contactSearch } from "../ui/searchParams";

export const Route = createFileRoute("/contact")({
  validateSearch: contactSearch,
  component: ContactPage,
});
