import { createFileRoute } from "@tanstack/react-router";
import { ConfirmApplicationPage } from "../features/onboarding/ConfirmApplicationPage";
import { tokenSearch } from "../ui/searchParams";

export const Route = createFileRoute("/list-your-dealership_/confirm")({
  validateSearch: tokenSearch,
  component: ConfirmApplicationPage,
});
