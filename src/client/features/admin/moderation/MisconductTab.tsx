// Misconduct cases across every dealership (and independent salespeople), for administrators: filtered by
// status, searched, paged; each case opens into the same case view managers use, with its history.

import { NativeSelect, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { LuShieldCheck } from "react-icons/lu";
import { REPORT_STATUSES, type ReportStatus } from "../../../../shared/reviews";
import { trpc } from "../../../trpc";
import { ExpandableCards } from "../../../ui/ExpandableCards";
import { usePageFor } from "../../../ui/filters";
import { Notice, panelNotice, QueryState, SkeletonRows } from "../../../ui/QueryState";
import { MisconductCaseItem, REPORT_STATUS_STYLE } from "../../misconduct";
import { ListPager, ListToolbar, QueueHeader, useDebouncedSearch } from "../consoleKit";

const PAGE_SIZE = 10;

/** Admin console tab: every misconduct case, to move along with a note. */
export function MisconductTab() {
  const { text, setText, search } = useDebouncedSearch();
  const [status, setStatus] = useState<ReportStatus | "">("");
  const [page, setPage] = usePageFor(`${search}|${status}`);
  const cases = trpc.misconduct.allCases.useQuery(
    { search: search || undefined, status: status || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const openCount = trpc.misconduct.allCases.useQuery({ status: "open", pageSize: 1 });

  return (
    <Stack gap="5">
      <QueueHeader
        title="Misconduct cases"
        description="Reports from buyers about salespeople at every dealership. Move a case from open to investigating to resolved or dismissed; each step is kept in its history and the audit trail."
        open={openCount.data?.total}
      />
      <ListToolbar
        label="Search misconduct cases"
        placeholder="Search salesperson, dealership or description"
        value={text}
        onChange={setText}
        total={cases.data?.total}
        noun="case"
      >
        <NativeSelect.Root maxW={{ md: "52" }} bg="white">
          <NativeSelect.Field
            aria-label="Filter by status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as ReportStatus | "")}
          >
            <option value="">All statuses</option>
            {REPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {REPORT_STATUS_STYLE[value].label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </ListToolbar>
      <QueryState
        query={cases}
        loading={<SkeletonRows label="Loading misconduct cases" h="16" count={3} gap="3" />}
        error={{ title: "We couldn't load the misconduct cases", titleAs: "h3" }}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Notice
            icon={LuShieldCheck}
            iconColor="green.500"
            title={search || status ? "No cases match" : "No reports"}
            description={
              search || status ? "Try another status or other words." : "No one has reported misconduct yet."
            }
            {...panelNotice()}
          />
        }
      >
        {(data) => (
          <ExpandableCards gap="3">
            {data.items.map((report) => (
              <MisconductCaseItem
                key={report.id}
                report={report}
                context={report.dealershipName ?? "Independent"}
              />
            ))}
          </ExpandableCards>
        )}
      </QueryState>
      {cases.data ? (
        <ListPager
          total={cases.data.total}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          noun="case"
        />
      ) : null}
    </Stack>
  );
}
