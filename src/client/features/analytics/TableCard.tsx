// A titled table with a 'Download CSV' button that saves exactly the rows shown. Each column says how its
// cell reads on screen and what its CSV field holds (raw numbers, so a spreadsheet can sum them).
import { Box, Button, Card, Flex, Heading, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuDownload } from "react-icons/lu";
import { type CsvValue, csvFileName, downloadCsv, toCsv } from "./csv";

export type TableColumn<T> = {
  header: string;
  /** The CSV file's header, when it needs more words than the screen (e.g. the currency). */
  csvHeader?: string;
  /** On screen; the CSV value as text when not given. */
  cell?: (row: T) => ReactNode;
  csv: (row: T) => CsvValue;
  numeric?: boolean;
};

export function TableCard<T>({
  title,
  description,
  columns,
  rows,
  rowKey,
  fileSuffix,
  minW = "2xl",
  footnote,
  empty = "Nothing to show for this period.",
}: {
  title: string;
  description?: ReactNode;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** Added to the file name: the period, e.g. performance-30d.csv. */
  fileSuffix?: string;
  /** The table's least width before it scrolls sideways (phones). */
  minW?: string;
  footnote?: ReactNode;
  empty?: string;
}) {
  const download = () =>
    downloadCsv(
      csvFileName(title, fileSuffix),
      toCsv(
        columns.map((c) => c.csvHeader ?? c.header),
        rows.map((row) => columns.map((c) => c.csv(row))),
      ),
    );
  return (
    <Card.Root as="section" aria-label={title} borderRadius="xl" borderColor="border.muted" boxShadow="xs">
      <Card.Body p={{ base: "4", md: "5" }} gap="4">
        <Flex justify="space-between" align={{ base: "stretch", sm: "flex-start" }} gap="3" wrap="wrap">
          <Stack gap="0.5" minW="0" flex="1 1 16rem">
            <Heading as="h3" size="md" color="ink">
              {title}
            </Heading>
            {description ? (
              <Text fontSize="sm" color="fg.muted">
                {description}
              </Text>
            ) : null}
          </Stack>
          <Button
            size="sm"
            variant="outline"
            onClick={download}
            disabled={rows.length === 0}
            aria-label={`Download CSV: ${title}`}
            flexShrink={0}
          >
            <LuDownload aria-hidden /> Download CSV
          </Button>
        </Flex>
        {rows.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" py="4" textAlign="center">
            {empty}
          </Text>
        ) : (
          // Positioned, so visually hidden text in a cell stays inside the scrolling box on a phone.
          <Table.ScrollArea
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="lg"
            position="relative"
          >
            <Table.Root size="sm" minW={minW}>
              <Table.Caption srOnly>{title}</Table.Caption>
              <Table.Header>
                <Table.Row bg="gray.50">
                  {columns.map((c) => (
                    <Table.ColumnHeader
                      key={c.header}
                      textAlign={c.numeric ? "end" : "start"}
                      whiteSpace="nowrap"
                      color="fg.muted"
                      fontWeight="semibold"
                    >
                      {c.header}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row, index) => (
                  <Table.Row key={rowKey(row, index)}>
                    {columns.map((c, i) => (
                      <Table.Cell
                        key={c.header}
                        textAlign={c.numeric ? "end" : "start"}
                        fontVariantNumeric={c.numeric ? "tabular-nums" : undefined}
                        fontWeight={i === 0 ? "medium" : undefined}
                        color={i === 0 ? "ink" : undefined}
                      >
                        {c.cell ? c.cell(row) : String(c.csv(row) ?? "—")}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {footnote ? (
          <Box fontSize="xs" color="fg.muted">
            {footnote}
          </Box>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
