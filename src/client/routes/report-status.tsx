import { createFileRoute } from "@tanstack/react-router";
import { ReportStatusPage } from "../features/misconduct/ReportStatusPage";
import { searchParams, textParam } from "../ui/searchParams";

export const Route = createFileRoute("/report-status")({
  validateSearch: searchParams({ code: textParam(40) }),
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
