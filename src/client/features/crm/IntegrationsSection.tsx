// The dealership's integrations, one card each: status, endpoint, masked credentials, and its actions
// (test the connection, pause or resume deliveries, edit, delete, read the sync log).
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import { LuActivity, LuPause, LuPencil, LuPlay, LuPlugZap, LuScrollText, LuTrash2 } from "react-icons/lu";
import type { ConnectionTest, CrmIntegration } from "../../../shared/schemas/crm";
import { apiErrorMessage, trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Notice, panelNotice, SkeletonRows } from "../../ui/QueryState";
import { capitalise } from "../../ui/StatusBadge";
import { showToast } from "../../ui/toaster";
import { AUTH_TYPE_LABELS, eventLabel, syncStatusPalette, syncTime } from "./crmLabels";
import { EditIntegrationDialog } from "./IntegrationDialogs";
import type { ProviderCatalogue } from "./types";

function maskedCredentials(integration: CrmIntegration): string {
  const { apiKey, username, password } = integration.credentials;
  if (integration.authType === "api_key") return apiKey ? `API key ${apiKey}` : "No API key stored";
  const parts = [username ? `User ${username}` : null, password ? `password ${password}` : null];
  return parts.filter(Boolean).join(", ") || "No credentials stored";
}

function TestResult({ result }: { result: ConnectionTest }) {
  return (
    <Alert.Root status={result.success ? "success" : "error"} borderRadius="lg" size="sm" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{result.success ? "Test Successful" : "Test Failed"}</Alert.Title>
        <Alert.Description overflowWrap="anywhere">{result.message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function IntegrationCard({
  integration,
  providers,
  showDealership,
  selected,
  onViewLogs,
  onChanged,
}: {
  integration: CrmIntegration;
  providers: ProviderCatalogue | undefined;
  showDealership: boolean;
  selected: boolean;
  onViewLogs: () => void;
  onChanged: (deleted?: boolean) => Promise<unknown>;
}) {
  const [testResult, setTestResult] = useState<ConnectionTest | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const test = trpc.crm.test.useMutation();
  const update = trpc.crm.update.useMutation();
  const remove = trpc.crm.delete.useMutation();
  const provider = providers?.[integration.crmProvider];
  const name = integration.integrationName;
  const headingId = `crm-integration-${integration.id}`;

  const runTest = () => {
    setTestResult(null);
    test.mutate(
      { id: integration.id },
      {
        onSuccess: (result) => {
          setTestResult(result);
          showToast({
            title: result.success ? "Test Successful" : "Test Failed",
            description: result.message,
            variant: result.success ? "success" : "destructive",
          });
        },
        onError: (error) => {
          const message = apiErrorMessage(error, "The connection test could not be run. Please try again.");
          setTestResult({ success: false, message, statusCode: null, durationMs: 0 });
          showToast({ title: "Test Failed", description: message, variant: "destructive" });
        },
      },
    );
  };

  const toggleActive = () => {
    const resume = !integration.isActive;
    update.mutate(
      { id: integration.id, isActive: resume },
      {
        onSuccess: async () => {
          showToast({
            title: resume ? "Integration resumed" : "Integration paused",
            description: resume
              ? `${name} receives events again.`
              : `${name} receives no events until you resume it.`,
            variant: "success",
          });
          await onChanged();
        },
        onError: (error) =>
          showToast({
            title: resume ? "Couldn't resume the integration" : "Couldn't pause the integration",
            description: apiErrorMessage(error, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  };

  const confirmDelete = () => {
    remove.mutate(
      { id: integration.id },
      {
        onSuccess: async () => {
          setDeleting(false);
          showToast({
            title: "Integration deleted",
            description: `${name} and its sync log were removed.`,
            variant: "success",
          });
          await onChanged(true);
        },
        onError: (error) => {
          setDeleting(false);
          showToast({
            title: "Couldn't delete the integration",
            description: apiErrorMessage(error, "Please try again."),
            variant: "destructive",
          });
        },
      },
    );
  };

  const details: { label: string; value: React.ReactNode; wide?: boolean }[] = [
    ...(showDealership ? [{ label: "Dealership", value: integration.dealershipName }] : []),
    {
      label: "Endpoint",
      value: (
        <Text as="span" fontFamily="mono" fontSize="xs">
          {integration.apiEndpoint}
        </Text>
      ),
    },
    {
      label: "Webhook",
      value: integration.webhookUrl ? (
        <Text as="span" fontFamily="mono" fontSize="xs">
          {integration.webhookUrl}
        </Text>
      ) : provider?.webhookSupport ? (
        "None: events are not delivered"
      ) : (
        `${provider?.name ?? "This provider"} does not take webhooks`
      ),
    },
    { label: "Credentials", value: maskedCredentials(integration) },
    {
      label: "Last sync",
      value: integration.lastSyncAt ? syncTime(integration.lastSyncAt) : "Never",
    },
    {
      label: "Events",
      value: integration.supportedEvents.map(eventLabel).join(", ") || "None",
      wide: true,
    },
  ];

  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      borderRadius="xl"
      borderColor={selected ? "blue.300" : "border.muted"}
      boxShadow="xs"
      data-testid="crm-integration"
    >
      <Card.Body p={{ base: "4", md: "5" }} gap="4">
        <Flex gap="3" justify="space-between" align="flex-start" direction={{ base: "column", sm: "row" }}>
          <Stack gap="1" minW="0">
            <Heading as="h3" size="md" color="ink" id={headingId} overflowWrap="anywhere">
              {name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {provider?.name ?? integration.crmProvider} · {AUTH_TYPE_LABELS[integration.authType]}
            </Text>
          </Stack>
          <HStack gap="2" flexShrink={0}>
            <Badge
              colorPalette={syncStatusPalette(integration.syncStatus)}
              variant="subtle"
              borderRadius="full"
              px="2.5"
            >
              <Text as="span" fontWeight="normal">
                Sync:
              </Text>
              {capitalise(integration.syncStatus)}
            </Badge>
            <Badge
              colorPalette={integration.isActive ? "blue" : "gray"}
              variant="outline"
              borderRadius="full"
              px="2.5"
            >
              {integration.isActive ? "Active" : "Inactive"}
            </Badge>
          </HStack>
        </Flex>

        {integration.syncStatus === "error" && integration.errorMessage ? (
          <Alert.Root status="error" borderRadius="lg" size="sm">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Deliveries are failing</Alert.Title>
              <Alert.Description overflowWrap="anywhere">{integration.errorMessage}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}

        <SimpleGrid as="dl" columns={{ base: 1, md: 2, lg: 3 }} columnGap="6" rowGap="3">
          {details.map((item) => (
            <Stack key={item.label} gap="0.5" minW="0" gridColumn={item.wide ? { md: "1 / -1" } : undefined}>
              <Text as="dt" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
                {item.label}
              </Text>
              <Text as="dd" fontSize="sm" color="ink" overflowWrap="anywhere">
                {item.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>

        {testResult ? <TestResult result={testResult} /> : null}

        <Box borderTopWidth="1px" borderColor="border.muted" pt="4">
          <Flex gap="2" wrap="wrap">
            <Button
              size="sm"
              colorPalette="blue"
              onClick={runTest}
              loading={test.isPending}
              loadingText="Testing"
              aria-label={`Test ${name}`}
            >
              <LuActivity /> Test
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={toggleActive}
              loading={update.isPending}
              aria-label={`${integration.isActive ? "Pause" : "Resume"} ${name}`}
            >
              {integration.isActive ? <LuPause /> : <LuPlay />} {integration.isActive ? "Pause" : "Resume"}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(true)}
              disabled={!provider}
              aria-label={`Edit ${name}`}
            >
              <LuPencil /> Edit
            </Button>
            <Button
              size="sm"
              variant={selected ? "subtle" : "outline"}
              colorPalette={selected ? "blue" : undefined}
              onClick={onViewLogs}
              aria-pressed={selected}
              aria-label={`View logs of ${name}`}
            >
              <LuScrollText /> View logs
            </Button>
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              onClick={() => setDeleting(true)}
              aria-label={`Delete ${name}`}
              ms={{ sm: "auto" }}
            >
              <LuTrash2 /> Delete
            </Button>
          </Flex>
        </Box>
      </Card.Body>
      {providers && provider ? (
        <EditIntegrationDialog
          open={editing}
          onOpenChange={setEditing}
          integration={integration}
          providers={providers}
          onSaved={onChanged}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this integration?"
        description={`${name} stops receiving events and its sync log is deleted. This can't be undone.`}
        confirmLabel="Delete Integration"
        pendingLabel="Deleting"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card.Root>
  );
}

/** The integrations list: loading, failed, empty (with the way to add one), or one card per integration. */
export function IntegrationsSection({
  query,
  providers,
  showDealership,
  selectedId,
  onViewLogs,
  onAdd,
  onChanged,
}: {
  query: {
    data: CrmIntegration[] | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  providers: ProviderCatalogue | undefined;
  showDealership: boolean;
  selectedId: number | null;
  onViewLogs: (id: number) => void;
  onAdd: (() => void) | null;
  onChanged: (deletedId?: number) => Promise<unknown>;
}) {
  if (query.isPending) {
    return <SkeletonRows label="Loading integrations" h="56" count={2} gap="4" radius="xl" />;
  }
  if (query.isError || !query.data) {
    return (
      <Notice
        icon={LuPlugZap}
        iconColor="fg.error"
        title="We couldn't load the integrations"
        description="Check your connection and try again."
        {...panelNotice()}
      >
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  if (query.data.length === 0) {
    return (
      <Notice
        icon={LuPlugZap}
        title="No integrations yet"
        description="Add one to send appointments, leads and reviews to your CRM as they happen."
        {...panelNotice()}
      >
        {onAdd ? (
          <Button colorPalette="blue" onClick={onAdd}>
            <LuPlugZap /> Add Integration
          </Button>
        ) : null}
      </Notice>
    );
  }
  return (
    <Stack gap="4">
      {query.data.map((integration) => (
        <IntegrationCard
          key={integration.id}
          integration={integration}
          providers={providers}
          showDealership={showDealership}
          selected={selectedId === integration.id}
          onViewLogs={() => onViewLogs(integration.id)}
          onChanged={(deleted) => onChanged(deleted ? integration.id : undefined)}
        />
      ))}
    </Stack>
  );
}
