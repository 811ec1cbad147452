import { createFileRoute } from "@tanstack/react-router";
import { FeaturesPage } from "../features/marketing/FeaturesPage";

export const Route = createFileRoute("/features")({
  component: FeaturesPage,
});
