import { createFileRoute } from "@tanstack/react-router";
import { misconductQueries } from "../features/misconduct/queries";
import { ReportStatusPage } from "../features/misconduct/ReportStatusPage";
import { RouteError } from "../ui/RouteError";
import { searchParams, textParam } from "../ui/searchParams";

const reportStatusSearch = searchParams({ code: textParam(40) });

export const Route = createFileRoute("/report-status")({
  validateSearch: reportStatusSearch,
  loaderDeps: ({ search }) => ({ code: search.code }),
  // A wrong code is the page's own answer, not a failed load.
  loader: ({ context: { queryClient }, deps }) => {
    const status = misconductQueries.status(deps.code ?? "");
    return status.enabled ? queryClient.ensureQueryData(status).catch(() => undefined) : undefined;
  },
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
