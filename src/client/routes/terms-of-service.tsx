import { createFileRoute } from "@tanstack/react-router";
import { TermsOfServicePage } from "../features/documents/LegalPages";

export const Route = createFileRoute("/terms-of-service")({
  component: TermsOfServicePage,
});
