import { createFileRoute } from "@tanstack/react-router";
import { ReportStatusPage } from "../features/misconduct/ReportStatusPage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { searchParams, textParam } from "../ui/searchParams";

const reportStatusSearch = searchParams({ code: textParam(40) });

export const Route = createFileRoute("/report-status")({
  validateSearch: reportStatusSearch,
  loaderDeps: ({ search }) => ({ code: search.code }),
  loader: lazyLoader("loadReportStatus"),
  errorComponent: RouteError,
  component: ReportStatusRoute,
});

/** /report-status?code=...: a misconduct report's status by its tracking code, no sign-in needed. */
function ReportStatusRoute() {
  const { code } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportStatusPage
      initialCode={code}
      onCodeChange={(next) => void navigate({ search: { code: next }, replace: true })}
    />
  );
}
