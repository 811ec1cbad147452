import { createFileRoute } from "@tanstack/react-router";
import { SalespersonProfilePage } from "../features/salespeople/SalespersonProfilePage";

export const Route = createFileRoute("/salespeople/$id")({
  component: SalespersonRoute,
});

function SalespersonRoute() {
  const { id } = Route.useParams();
  return <SalespersonProfilePage rawId={id} />;
}
