import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { LuFileSearch, LuSearch } from "react-icons/lu";
import { ErrorKind } from "../../../shared/errorCodes";
import { apiErrorCode, apiErrorMessage } from "../../trpc";
import { mediumDate } from "../../ui/format";
import { GreyPage } from "../../ui/layout/PageFrame";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { misconductQueries } from "./queries";
import { categoryLabel, reportStatusStyle } from "./reportLabels";
import { normaliseTrackingCode, TRACKING_CODE_MIN } from "./trackingCode";
import type { ReportStatusView } from "./types";

function StatusCard({ report, code }: { report: ReportStatusView; code: string }) {
  const style = reportStatusStyle(report.status);
  const closed = report.status === "resolved" || report.status === "dismissed";
  return (
    <Card.Root layerStyle="sectionCard" aria-live="polite">
      <Card.Body p={{ base: "5", md: "6" }} gap="5">
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <Stack gap="1">
            <Text fontSize="xs" color="fg.muted" fontFamily="mono">
              {code}
            </Text>
            <Heading as="h2" size="md" color="ink">
              {categoryLabel(report.category)}
            </Heading>
          </Stack>
          <Badge
            colorPalette={style.palette}
            variant="solid"
            borderRadius="full"
            size="lg"
            data-testid="report-status"
          >
            {style.label}
          </Badge>
        </HStack>
        <Text color="fg.muted">{style.meaning}</Text>
        <SimpleGrid as="dl" columns={2} gap="4">
          {[
            { term: "Submitted", at: report.createdAt },
            { term: "Last updated", at: report.updatedAt },
          ].map(({ term, at }) => (
            <Stack key={term} gap="0.5">
              <Text as="dt" fontSize="xs" color="fg.muted" textTransform="uppercase" fontWeight="semibold">
                {term}
              </Text>
              <Text as="dd" fontWeight="medium">
                {mediumDate.format(new Date(at))}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {closed ? (
          <Box p="4" bg="gray.50" borderRadius="lg">
            <Text fontSize="sm" fontWeight="semibold" color="ink" mb="1">
              Resolution
            </Text>
            <Text fontSize="sm" whiteSpace="pre-line" color={report.resolution ? "fg" : "fg.muted"}>
              {report.resolution ?? "The dealership closed the case without a written resolution."}
            </Text>
          </Box>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** /report-status: anyone with a tracking code follows their misconduct report, without signing in. */
export function ReportStatusPage({
  initialCode,
  onCodeChange,
}: {
  initialCode?: string;
  /** Keeps the looked-up code in the URL so the page can be bookmarked. */
  onCodeChange?: (code: string) => void;
}) {
  useDocumentTitle("Report status");
  const [text, setText] = useState(initialCode ?? "");
  const [code, setCode] = useState(initialCode ? normaliseTrackingCode(initialCode) : "");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const status = useQuery(misconductQueries.status(code));

  useEffect(() => {
    if (initialCode) {
      setText(initialCode);
      setCode(normaliseTrackingCode(initialCode));
    }
  }, [initialCode]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = normaliseTrackingCode(text);
    if (next.length < TRACKING_CODE_MIN) {
      setError("Enter the tracking code you received, e.g. KB-ABCD-EFGH-JKLM.");
      return;
    }
    setError(null);
    setCode(next);
    onCodeChange?.(next);
    if (next === code) void status.refetch();
  };

  const notFound = apiErrorCode(status.error) === ErrorKind.NOT_FOUND;

  return (
    <GreyPage maxW="2xl" py={{ base: "8", md: "14" }}>
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="2" color="blue.700">
            <LuFileSearch aria-hidden />
            <Text fontSize="sm" fontWeight="semibold" textTransform="uppercase" letterSpacing="0.06em">
              Misconduct reports
            </Text>
          </HStack>
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }} color="ink" letterSpacing="-0.02em">
            Check your report's status
          </Heading>
          <Text color="fg.muted">
            Enter the tracking code you got when you sent the report. You don't need to sign in, and the
            status never shows who reported.
          </Text>
        </Stack>
        <Card.Root layerStyle="sectionCard">
          <Card.Body p={{ base: "5", md: "6" }}>
            <form onSubmit={submit} noValidate aria-label="Look up a report">
              <Field.Root invalid={!!error}>
                <Field.Label htmlFor={inputId}>Tracking code</Field.Label>
                <Stack direction={{ base: "column", sm: "row" }} gap="3" w="full">
                  <Input
                    id={inputId}
                    value={text}
                    onChange={(e) => setText(e.currentTarget.value)}
                    placeholder="KB-XXXX-XXXX-XXXX"
                    fontFamily="mono"
                    autoComplete="off"
                    spellCheck={false}
                    textTransform="uppercase"
                    flex={{ sm: "1" }}
                  />
                  <Button type="submit" colorPalette="blue" loading={status.isFetching}>
                    <LuSearch /> Check status
                  </Button>
                </Stack>
                {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
              </Field.Root>
            </form>
          </Card.Body>
        </Card.Root>
        {code && status.isPending && status.isFetching ? (
          <HStack justify="center" py="6">
            <Spinner color="blue.solid" />
          </HStack>
        ) : status.data ? (
          <StatusCard report={status.data} code={code} />
        ) : status.isError ? (
          <Alert.Root status={notFound ? "warning" : "error"} borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{notFound ? "No report found" : "We couldn't check this code"}</Alert.Title>
              <Alert.Description>
                {notFound
                  ? "No report matches that tracking code. Check it for typos: codes look like KB-ABCD-EFGH-JKLM."
                  : apiErrorMessage(status.error, "Please try again in a moment.")}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
    </GreyPage>
  );
}
