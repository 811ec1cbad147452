import { createFileRoute } from "@tanstack/react-router";
import { CrmPage } from "../features/crm/CrmPage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/crm")({
  loader: lazyLoader("loadCrm"),
  errorComponent: RouteError,
  component: CrmPage,
});
