// "Your data": a small card for the profile page and the salesperson dashboard. File a request about your own
// data and follow your latest requests (with the export once it's ready); the compliance page has the rest.
import { Box, Button, Flex, Separator, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuArrowRight, LuFilePlus } from "react-icons/lu";
import { trpc } from "../../trpc";
import { TextLink } from "../../ui/links";
import { InlineLoadError } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { DEADLINE_SENTENCE, formatDay, requestTypeName } from "./labels";
import { ExportButtons, NewRequestForm, RequestStatusBadge } from "./requestParts";

const SHOWN = 3;

export function YourDataCard() {
  const [filing, setFiling] = useState(false);
  const requests = trpc.compliance.requests.useQuery({ scope: "mine", pageSize: SHOWN });
  const items = requests.data?.items ?? [];
  const total = requests.data?.total ?? 0;

  return (
    <SectionCard
      title="Your data"
      description={`Ask for a copy of your data, a correction or its deletion. ${DEADLINE_SENTENCE}`}
      actions={
        filing ? undefined : (
          <Button size="sm" variant="outline" colorPalette="blue" onClick={() => setFiling(true)}>
            <LuFilePlus /> New request
          </Button>
        )
      }
    >
      {filing ? (
        <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4">
          <NewRequestForm compact onFiled={() => setFiling(false)} />
          <Button size="sm" variant="ghost" mt="2" onClick={() => setFiling(false)}>
            Cancel
          </Button>
        </Box>
      ) : null}
      {requests.isPending ? (
        <Skeleton
          h="14"
          borderRadius="lg"
          role="status"
          aria-busy="true"
          aria-label="Loading your requests"
        />
      ) : requests.isError ? (
        <InlineLoadError
          message="We couldn't load your requests."
          onRetry={() => void requests.refetch()}
          size="xs"
        />
      ) : items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          You haven't filed any requests.
        </Text>
      ) : (
        <Stack as="ul" gap="0" separator={<Separator />} aria-label="Your latest requests">
          {items.map((r) => (
            <Stack as="li" key={r.id} gap="2" py="3" listStyleType="none">
              <Flex justify="space-between" gap="2" wrap="wrap" align="center">
                <Stack gap="0">
                  <Text fontSize="sm" fontWeight="semibold" color="ink">
                    {requestTypeName(r.requestType)} request
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    Filed {formatDay(r.createdAt)} ·{" "}
                    {r.status === "pending" || r.status === "processing"
                      ? `answer due by ${formatDay(r.dueAt)}`
                      : `${r.status} ${r.completedAt ? formatDay(r.completedAt) : ""}`}
                  </Text>
                </Stack>
                <RequestStatusBadge status={r.status} overdue={r.overdue} />
              </Flex>
              {r.responseNote ? (
                <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                  {r.responseNote}
                </Text>
              ) : null}
              <ExportButtons request={r} size="xs" />
            </Stack>
          ))}
        </Stack>
      )}
      <TextLink
        to="/compliance"
        search={{ tab: "requests" }}
        color="blue.700"
        fontWeight="semibold"
        fontSize="sm"
        alignSelf="flex-start"
      >
        {total > SHOWN ? `All ${total} requests` : "Requests and data retention"} <LuArrowRight aria-hidden />
      </TextLink>
    </SectionCard>
  );
}
