import { Field, Input, Skeleton } from "@chakra-ui/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { LuFileSpreadsheet } from "react-icons/lu";
import { monthSchema } from "../../../shared/schemas/manager";
import { InlineLoadError, Notice } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { currentMonth, monthLabel } from "./format";

/** A report's month, the current one at first: the chosen month, whether it can be reported, and the latest. */
export function useReportMonth() {
  const latest = currentMonth();
  const [month, setMonth] = useState(latest);
  const valid = monthSchema.safeParse(month).success && month <= latest;
  return { month, setMonth, valid, latest };
}

/** The month picker of a monthly report: any month up to the current one. */
function MonthField({
  month,
  setMonth,
  valid,
  latest,
}: Pick<ReturnType<typeof useReportMonth>, "month" | "setMonth" | "valid" | "latest">) {
  const inputId = useId();
  return (
    <Field.Root invalid={!valid} maxW="xs">
      <Field.Label htmlFor={inputId}>Month</Field.Label>
      <Input
        id={inputId}
        type="month"
        value={month}
        max={latest}
        min="2000-01"
        onChange={(e) => setMonth(e.currentTarget.value)}
      />
      {!valid ? <Field.ErrorText>Choose a month up to {monthLabel(latest)}.</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * A monthly report's card (a dealership's, a dealer group's): the month picker, then the chosen month's report,
 * or while it loads, fails or has no rows (`isEmpty`), a placeholder, a retry or the `empty` notice.
 */
export function MonthlyReportCard<T>({
  picked,
  report,
  label,
  fallbackTitle,
  description,
  isEmpty,
  empty,
  children,
}: {
  picked: ReturnType<typeof useReportMonth>;
  report: UseQueryResult<T, unknown>;
  /** The card's accessible name. */
  label: string;
  /** The card's title while the month picked can't be reported. */
  fallbackTitle: string;
  description: string;
  isEmpty: (report: T) => boolean;
  empty: { title: string; description: string };
  children: (report: T) => ReactNode;
}) {
  const { month, valid } = picked;
  return (
    <SectionCard
      title={valid ? `Report for ${monthLabel(month)}` : fallbackTitle}
      label={label}
      description={description}
    >
      <MonthField {...picked} />
      {!valid ? null : report.isPending ? (
        <Skeleton height="48" borderRadius="lg" role="status" aria-busy="true" aria-label="Loading report" />
      ) : report.isError ? (
        <InlineLoadError message="We couldn't load this report." onRetry={() => void report.refetch()} />
      ) : isEmpty(report.data) ? (
        <Notice icon={LuFileSpreadsheet} size="sm" {...empty} />
      ) : (
        children(report.data)
      )}
    </SectionCard>
  );
}
