// One integration's card: status, endpoint, masked credentials, and its actions (test the connection, pause
// or resume deliveries, edit, rotate the signing secret, delete, read the sync log).
import {
  Alert,
  Badge,
  Box,
  Button,
  type ButtonProps,
  Card,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { LuActivity, LuKeyRound, LuPause, LuPencil, LuPlay, LuScrollText, LuTrash2 } from "react-icons/lu";
import type { ConnectionTest, CreatedIntegration, CrmIntegration } from "../../../shared/schemas/crm";
import { apiErrorMessage, trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { showFailure } from "../../ui/failureToast";
import { capitalise } from "../../ui/StatusBadge";
import { showToast } from "../../ui/toaster";
import { AUTH_TYPE_LABELS, eventLabel, syncStatusPalette, syncTime } from "./crmLabels";
import { EditIntegrationDialog } from "./IntegrationDialogs";
import { SigningSecretDialog } from "./SigningSecretDialog";
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

export function IntegrationCard({
  integration,
  providers,
  showDealership,
  selected,
  onViewLogs,
  onChanged,
}: {
  integration: CrmIntegration;
  providers: ProviderCatalogue;
  showDealership: boolean;
  selected: boolean;
  onViewLogs: () => void;
  onChanged: (deleted?: boolean) => Promise<unknown>;
}) {
  const [testResult, setTestResult] = useState<ConnectionTest | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [newSecret, setNewSecret] = useState<CreatedIntegration | null>(null);
  const rotate = trpc.crm.rotateSecret.useMutation();
  const test = trpc.crm.test.useMutation();
  const update = trpc.crm.update.useMutation();
  const remove = trpc.crm.delete.useMutation();
  const provider = providers[integration.crmProvider];
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
          showFailure(resume ? "Couldn't resume the integration" : "Couldn't pause the integration", error),
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
          showFailure("Couldn't delete the integration", error);
        },
      },
    );
  };

  const confirmRotate = () => {
    rotate.mutate(
      { id: integration.id },
      {
        onSuccess: async (rotated) => {
          setRotating(false);
          setNewSecret(rotated);
          await onChanged();
        },
        onError: (error) => {
          setRotating(false);
          showFailure("Couldn't rotate the signing secret", error);
        },
      },
    );
  };

  const details: { label: string; value: ReactNode; wide?: boolean }[] = [
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
      label: "Signing secret",
      value: integration.signingSecretRotatedAt
        ? `Replaced ${syncTime(integration.signingSecretRotatedAt)}`
        : "The one shown when it was created",
    },
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

  const editDialog = { open: editing, onOpenChange: setEditing };
  const paused = !integration.isActive;
  // The card's buttons, left to right; each is named after the integration. Delete sits apart at the end.
  const actions: (ButtonProps & { label: string; icon: ReactNode; name: string })[] = [
    {
      label: "Test",
      icon: <LuActivity />,
      name: `Test ${name}`,
      variant: "solid",
      colorPalette: "blue",
      onClick: runTest,
      loading: test.isPending,
      loadingText: "Testing",
    },
    {
      label: paused ? "Resume" : "Pause",
      icon: paused ? <LuPlay /> : <LuPause />,
      name: `${paused ? "Resume" : "Pause"} ${name}`,
      onClick: toggleActive,
      loading: update.isPending,
    },
    {
      label: "Edit",
      icon: <LuPencil />,
      name: `Edit ${name}`,
      onClick: () => setEditing(true),
      disabled: !provider,
    },
    {
      label: "Rotate secret",
      icon: <LuKeyRound />,
      name: `Rotate signing secret of ${name}`,
      onClick: () => setRotating(true),
    },
    {
      label: "View logs",
      icon: <LuScrollText />,
      name: `View logs of ${name}`,
      variant: selected ? "subtle" : "outline",
      colorPalette: selected ? "blue" : undefined,
      onClick: onViewLogs,
      "aria-pressed": selected,
    },
    {
      label: "Delete",
      icon: <LuTrash2 />,
      name: `Delete ${name}`,
      variant: "ghost",
      colorPalette: "red",
      onClick: () => setDeleting(true),
      ms: { sm: "auto" },
    },
  ];

  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      layerStyle="sectionCard"
      borderColor={selected ? "blue.300" : undefined}
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
            {actions.map(({ label, icon, name: ariaLabel, ...button }) => (
              <Button key={ariaLabel} size="sm" variant="outline" aria-label={ariaLabel} {...button}>
                {icon} {label}
              </Button>
            ))}
          </Flex>
        </Box>
      </Card.Body>
      {provider ? (
        <EditIntegrationDialog
          {...editDialog}
          integration={integration}
          providers={providers}
          onSaved={onChanged}
        />
      ) : null}
      <ConfirmDialog
        open={rotating}
        onOpenChange={setRotating}
        title="Rotate the signing secret?"
        description={`${name} gets a new signing secret, shown once. The current one stops working at once: sale events your CRM signs with it are refused, and your webhook receiver must check deliveries with the new one.`}
        confirmLabel="Rotate Secret"
        pendingLabel="Rotating"
        palette="orange"
        isPending={rotate.isPending}
        onConfirm={confirmRotate}
      />
      <SigningSecretDialog created={newSecret} rotated onClose={() => setNewSecret(null)} />
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
