import { Badge, Box, Button, chakra, Flex, HStack, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { LuSave, LuTrash2 } from "react-icons/lu";
import {
  RETENTION_FLOORS,
  RETENTION_MAX_DAYS,
  type RetentionDataType,
  retentionMinDays,
  retentionPeriodProblem,
} from "../../../shared/compliance";
import type { CleanupResult, RetentionPolicyView } from "../../../shared/schemas/compliance";
import { apiErrorMessage, trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { DangerButton } from "../../ui/DangerButton";
import { Fact } from "../../ui/Fact";
// Data Retention: how long each kind of data is kept, on what legal basis, and what happens after. Everyone
// reads the policies; administrators change the period and automatic deletion, and run the cleanup by hand.
import { FailureAlert } from "../../ui/FailureAlert";
import { SwitchField } from "../../ui/form";
import { PanelHeader } from "../../ui/PanelHeader";
import { SectionCard } from "../../ui/SectionCard";
import { showToast } from "../../ui/toaster";
import { formatDay, formatDayAndTime, periodLabel } from "./labels";
import { complianceQueries } from "./queries";

export const CLEANUP_FAILED = "Failed to perform data cleanup. Please try again.";

function PolicyFacts({ policy }: { policy: RetentionPolicyView }) {
  return (
    <Stack gap="1" minW="0" flex="1 1 20rem">
      <HStack gap="2" wrap="wrap">
        <Text as="h3" fontWeight="semibold" color="ink">
          {policy.label}
        </Text>
        <Badge colorPalette={policy.autoDelete ? "green" : "orange"} variant="subtle" borderRadius="full">
          {policy.autoDelete ? "Deleted automatically" : "Manual cleanup only"}
        </Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {policy.action}.
      </Text>
      <Text fontSize="sm" color="fg.muted">
        Legal basis: {policy.legalBasis}
        {policy.requiresUserConsent ? " · needs your consent" : ""}
      </Text>
    </Stack>
  );
}

function PolicyRow({ policy, editable }: { policy: RetentionPolicyView; editable: boolean }) {
  return (
    <Box as="li" listStyleType="none" layerStyle="panel" boxShadow="xs" p={{ base: "4", md: "5" }}>
      <Flex gap="4" wrap="wrap" justify="space-between" align="flex-start">
        <PolicyFacts policy={policy} />
        {editable ? (
          <PolicyEditor policy={policy} />
        ) : (
          <SimpleGrid columns={2} gap="4" flexShrink={0}>
            <Fact label="Kept for">{periodLabel(policy.retentionPeriodDays)}</Fact>
            <Fact label="Updated">{formatDay(policy.updatedAt)}</Fact>
          </SimpleGrid>
        )}
      </Flex>
    </Box>
  );
}

function PolicyEditor({ policy }: { policy: RetentionPolicyView }) {
  const [days, setDays] = useState(String(policy.retentionPeriodDays));
  const [autoDelete, setAutoDelete] = useState(policy.autoDelete);
  const [error, setError] = useState<string | null>(null);
  const save = trpc.compliance.updateRetentionPolicy.useMutation();
  const id = useId();
  const n = Number(days);
  const minDays = retentionMinDays(policy.dataType);
  const floor = RETENTION_FLOORS[policy.dataType];
  const changed = n !== policy.retentionPeriodDays || autoDelete !== policy.autoDelete;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = retentionPeriodProblem(policy.dataType, n);
    if (problem) {
      setError(problem);
      return;
    }
    save.mutate(
      { dataType: policy.dataType, retentionPeriodDays: n, autoDelete },
      {
        onSuccess: async (updated) => {
          showToast({
            title: "Policy saved",
            description: `${updated.label}: kept for ${periodLabel(updated.retentionPeriodDays)}.`,
            variant: "success",
          });
        },
        onError: (e) => setError(apiErrorMessage(e, "The policy could not be saved. Please try again.")),
      },
    );
  };

  return (
    <chakra.form
      onSubmit={submit}
      noValidate
      aria-label={`Retention of ${policy.label}`}
      display="flex"
      flexDirection="column"
      gap="2"
      flex="0 1 18rem"
      minW="0"
    >
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Stack gap="1">
          <chakra.label htmlFor={id} fontSize="xs" fontWeight="semibold" color="fg.muted">
            Period (days)
          </chakra.label>
          <Input
            id={id}
            size="sm"
            w="28"
            type="number"
            inputMode="numeric"
            min={minDays}
            max={RETENTION_MAX_DAYS}
            value={days}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setDays(e.currentTarget.value);
              setError(null);
            }}
          />
        </Stack>
        <Button
          type="submit"
          size="sm"
          colorPalette="blue"
          disabled={!changed}
          loading={save.isPending}
          loadingText="Saving…"
        >
          <LuSave /> Save
        </Button>
      </Flex>
      <SwitchField label="Delete automatically" checked={autoDelete} onChange={setAutoDelete} />
      {floor ? (
        <Text fontSize="xs" color="fg.muted">
          Kept at least {floor} days, as evidence.
        </Text>
      ) : null}
      <Text fontSize="xs" color={error ? "fg.error" : "fg.muted"} role={error ? "alert" : undefined}>
        {error ??
          `${policy.due.toLocaleString("en-US")} record${policy.due === 1 ? "" : "s"} past the period now`}
      </Text>
    </chakra.form>
  );
}

function CleanupResultCard({ result, policies }: { result: CleanupResult; policies: RetentionPolicyView[] }) {
  const labelOf = (t: string) => policies.find((p) => p.dataType === t)?.label ?? t;
  return (
    <SectionCard
      title="Cleanup finished"
      description={`${formatDayAndTime(result.ranAt)} · ${result.total.toLocaleString("en-US")} record${result.total === 1 ? "" : "s"} cleaned in all`}
      size="sm"
      role="status"
    >
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 3 }} gap="2">
        {(Object.entries(result.cleanedRecords) as [RetentionDataType, number][]).map(([type, count]) => (
          <Flex key={type} justify="space-between" gap="3" bg="bg.muted" borderRadius="md" px="3" py="2">
            <Text as="dt" fontSize="sm" color="fg.muted">
              {labelOf(type)}
            </Text>
            <Text as="dd" fontSize="sm" fontWeight="semibold" color="ink">
              {count.toLocaleString("en-US")}
            </Text>
          </Flex>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

export function RetentionTab({ isAdmin }: { isAdmin: boolean }) {
  const { data: policies } = useSuspenseQuery(complianceQueries.retentionPolicies());
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<CleanupResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cleanup = trpc.compliance.cleanup.useMutation({
    onSuccess: async (done) => {
      setResult(done);
      setConfirming(false);
      showToast({
        title: "Cleanup finished",
        description: `${done.total.toLocaleString("en-US")} records cleaned.`,
        variant: "success",
      });
    },
    onError: (e) => {
      setConfirming(false);
      setFailure(apiErrorMessage(e, CLEANUP_FAILED));
    },
  });
  const due = policies.reduce((n, p) => n + p.due, 0);

  return (
    <Stack gap="5">
      <PanelHeader
        title="Data retention"
        description={
          isAdmin
            ? "How long each kind of data is kept. The cleanup runs every day at 03:17 UTC for policies that delete automatically; running it by hand covers every policy."
            : "How long KnowBefore keeps each kind of data, why, and what happens to it afterwards."
        }
      >
        {isAdmin ? (
          <DangerButton
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            <LuTrash2 /> Run cleanup now
          </DangerButton>
        ) : null}
      </PanelHeader>
      <FailureAlert message={failure} />
      {result ? <CleanupResultCard result={result} policies={policies} /> : null}
      <Stack as="ul" gap="3" m="0" p="0" aria-label="Retention policies">
        {policies.map((p) => (
          <PolicyRow key={`${p.dataType}-${String(p.updatedAt)}`} policy={p} editable={isAdmin} />
        ))}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Run the retention cleanup now?"
        description={`Every record past its policy's period is deleted or anonymised now, for every policy (${due.toLocaleString("en-US")} record${due === 1 ? "" : "s"} are due). This can't be undone.`}
        confirmLabel="Run cleanup"
        pendingLabel="Cleaning up…"
        isPending={cleanup.isPending}
        onConfirm={() => cleanup.mutate()}
      />
    </Stack>
  );
}
