// Every comment of the period, newest first, filtered by stars, by whether it was answered and by words in it
// or the names, a page at a time; the same rows download as a CSV file.

import { Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { LuMessageSquareText } from "react-icons/lu";
import { filterParams } from "../../ui/download";
import { type FilterChoice, FilterChoices } from "../../ui/FilterChoice";
import { DownloadCsvButton, FilteredLog, useLogFilters } from "../../ui/FilteredLog";
import { FilterSearch } from "../../ui/filters";
import { SkeletonRows } from "../../ui/QueryState";
import { FeedbackCommentCard } from "./FeedbackComment";
import { FEED_PAGE_SIZE, type FeedbackWhose, feedbackQueries, feedInput } from "./queries";

const NO_FILTERS = { rating: "", replied: "" };

const CHOICES: FilterChoice<keyof typeof NO_FILTERS>[] = [
  {
    name: "rating",
    label: "Overall stars",
    all: "Any stars",
    options: [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? "" : "s"}` })),
  },
  {
    name: "replied",
    label: "Reply",
    all: "Replied or not",
    options: [
      { value: "unreplied", label: "Unanswered" },
      { value: "replied", label: "Replied" },
    ],
  },
];

export function FeedbackFeed({ whose, showSalesperson }: { whose: FeedbackWhose; showSalesperson: boolean }) {
  const log = useLogFilters(NO_FILTERS);
  const { filters } = log;
  const input = feedInput(
    whose,
    {
      ...(filters.rating ? { rating: Number(filters.rating) } : {}),
      ...(filters.replied ? { replied: filters.replied as "replied" | "unreplied" } : {}),
      ...(log.search.search ? { search: log.search.search } : {}),
    },
    log.page,
  );
  const feed = useQuery({ ...feedbackQueries.comments(input), placeholderData: (previous) => previous });

  return (
    <FilteredLog
      title="All comments"
      description="Every review of the period, newest first. Reply publicly from here; the buyer is told."
      actions={
        <DownloadCsvButton
          path={`/api/analytics/feedback/export?${filterParams({ ...input, page: undefined, pageSize: undefined })}`}
          fallbackName="feedback.csv"
        />
      }
      filterLabel="Filter the comments"
      fieldColumns={{ base: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" }}
      fields={
        <>
          <FilterChoices choices={CHOICES} values={filters} set={log.set} />
          <FilterSearch label="Search" search={log.search} span placeholder="Words in a comment, or a name" />
        </>
      }
      state={log}
      query={feed}
      noun="review"
      pageSize={FEED_PAGE_SIZE}
      loading={<SkeletonRows label="Loading comments" h="40" />}
      error="We couldn't load the comments"
      empty={{
        icon: LuMessageSquareText,
        title: ["No reviews in this period yet", "No reviews match these filters"],
        description: [
          "Reviews buyers write after their visits appear here.",
          "Clear a filter or try other words.",
        ],
      }}
    >
      {(data) => (
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Comments">
          {data.items.map((comment) => (
            <FeedbackCommentCard key={comment.id} comment={comment} showSalesperson={showSalesperson} />
          ))}
        </Stack>
      )}
    </FilteredLog>
  );
}
