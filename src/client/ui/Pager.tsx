import { ButtonGroup, HStack, IconButton, Pagination } from "@chakra-ui/react";
import { LuChevronLeft, LuChevronRight } from "react-icons/lu";
import { plural } from "./format";

/** Page controls: previous and next, the page numbers from small tablets up, "2 of 5" on phones. */
export function Pager({
  count,
  pageSize,
  page,
  onPageChange,
  labels,
  siblingCount,
  pt,
}: {
  count: number;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
  /** Accessible names of the buttons, e.g. "Previous page", "Next page", "Page 2". */
  labels: { previous: string; next: string; page: (page: number) => string };
  siblingCount?: number;
  pt?: string;
}) {
  return (
    <Pagination.Root
      count={count}
      pageSize={pageSize}
      page={page}
      onPageChange={(details) => onPageChange(details.page)}
      siblingCount={siblingCount}
      alignSelf="center"
      pt={pt}
    >
      <ButtonGroup variant="ghost" size="sm" attached={false} gap="1">
        <Pagination.PrevTrigger asChild>
          <IconButton aria-label={labels.previous} variant="outline" bg="bg.panel">
            <LuChevronLeft />
          </IconButton>
        </Pagination.PrevTrigger>
        <HStack hideBelow="sm" gap="1">
          <Pagination.Items
            render={(item) => (
              <IconButton
                variant={{ base: "ghost", _selected: "solid" }}
                colorPalette="blue"
                aria-label={labels.page(item.value)}
              >
                {item.value}
              </IconButton>
            )}
          />
        </HStack>
        <Pagination.PageText hideFrom="sm" px="3" fontSize="sm" />
        <Pagination.NextTrigger asChild>
          <IconButton aria-label={labels.next} variant="outline" bg="bg.panel">
            <LuChevronRight />
          </IconButton>
        </Pagination.NextTrigger>
      </ButtonGroup>
    </Pagination.Root>
  );
}

/** A list's pager, hidden while everything fits on one page; its buttons are named for what is listed. */
export function ListPager({
  total,
  pageSize,
  page,
  onPageChange,
  noun,
}: {
  total: number;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
  /** One of what is listed: "Next page of cases". */
  noun: string;
}) {
  if (total <= pageSize) return null;
  return (
    <Pager
      count={total}
      pageSize={pageSize}
      page={page}
      onPageChange={onPageChange}
      siblingCount={1}
      pt="2"
      labels={{
        previous: `Previous page of ${plural(noun)}`,
        next: `Next page of ${plural(noun)}`,
        page: (n) => `Page ${n} of ${plural(noun)}`,
      }}
    />
  );
}
