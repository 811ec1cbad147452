import { createFileRoute } from "@tanstack/react-router";
import { PrivacyPolicyPage } from "../features/documents/LegalPages";

export const Route = createFileRoute("/privacy-policy")({
  component: PrivacyPolicyPage,
});
