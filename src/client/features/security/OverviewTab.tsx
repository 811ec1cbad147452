// The security overview: the second factor, sessions, the last 30 days of events by risk and the previous
// sign-in, each leading to its tab; administrators also set whether administrators must use MFA.

import { Alert, Button, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuActivity, LuArrowRight, LuHistory, LuKeyRound, LuMonitorSmartphone } from "react-icons/lu";
import { RISK_LEVELS } from "../../../shared/security";
import { apiErrorMessage, type RouterOutputs, trpc } from "../../trpc";
import { SwitchField } from "../../ui/form";
import { PanelHeader } from "../../ui/PanelHeader";
import { SectionCard } from "../../ui/SectionCard";
import { type StatFigure, StatTile } from "../../ui/StatTile";
import { showToast } from "../../ui/toaster";
import { formatDateTime } from "./format";
import { securityQueries } from "./queries";
import { RiskBadge } from "./RiskBadge";
import type { SecurityTab } from "./securitySearch";

function TabLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="plain"
      size="sm"
      color="blue.700"
      px="0"
      h="auto"
      alignSelf="flex-start"
      onClick={onClick}
    >
      {label} <LuArrowRight />
    </Button>
  );
}

type Overview = RouterOutputs["security"]["overview"];

/** The four key figures, each but the last leading to its tab; a long value (a date) is set smaller. */
function overviewTiles(
  data: Overview,
): { stat: StatFigure; link?: { label: string; tab: SecurityTab }; small?: boolean }[] {
  const { mfa, eventsLast30Days: events, previousSignIn } = data;
  return [
    {
      stat: {
        label: "Two-factor authentication",
        value: mfa.enabled ? "On" : "Off",
        help: mfa.enabled
          ? `${mfa.backupCodesRemaining} backup code${mfa.backupCodesRemaining === 1 ? "" : "s"} left${mfa.warning ? ": make new ones soon" : ""}`
          : "Add an authenticator app to protect your sign-in",
        icon: LuKeyRound,
        palette: mfa.enabled ? (mfa.warning ? "orange" : "green") : "orange",
      },
      link: { label: mfa.enabled ? "Manage" : "Set up", tab: "mfa" },
    },
    {
      stat: {
        label: "Active sessions",
        value: data.activeSessions,
        help: "Browsers and devices signed in to your account",
        icon: LuMonitorSmartphone,
        palette: "blue",
      },
      link: { label: "See sessions", tab: "sessions" },
    },
    {
      stat: {
        label: "Security events, last 30 days",
        value: RISK_LEVELS.reduce((sum, level) => sum + events[level], 0),
        help: data.scope === "platform" ? "Across every account" : "On your account",
        icon: LuActivity,
        palette: events.high + events.critical > 0 ? "red" : "blue",
      },
      link: { label: "See events", tab: "events" },
    },
    {
      stat: {
        label: "Previous sign-in",
        value: previousSignIn ? formatDateTime(previousSignIn.createdAt) : "None yet",
        help: previousSignIn
          ? `From ${previousSignIn.ipAddress ?? "an unrecorded address"}`
          : "This is your first sign-in we know of",
        icon: LuHistory,
        palette: "gray",
      },
      small: true,
    },
  ];
}

export function OverviewTab({
  isAdmin,
  onOpenTab,
}: {
  isAdmin: boolean;
  onOpenTab: (tab: SecurityTab) => void;
}) {
  const { data } = useSuspenseQuery(securityQueries.overview());
  const events = data.eventsLast30Days;
  return (
    <Stack gap="6">
      <PanelHeader
        title="Overview"
        description="How your account is protected right now, and what happened to it recently."
      />
      <Stack gap="6">
        {data.mfa.required && !data.mfa.enabled ? (
          <Alert.Root status="warning" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Two-factor authentication is required for administrators</Alert.Title>
              <Alert.Description>
                Turn it on under Multi-Factor Auth to use the administrator tools again.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {overviewTiles(data).map(({ stat, link, small }) => (
            <Stack key={stat.label} gap="2">
              <StatTile
                flex="1"
                stat={stat}
                valueProps={small ? { fontSize: { base: "md", md: "lg" } } : undefined}
              />
              {link ? <TabLink label={link.label} onClick={() => onOpenTab(link.tab)} /> : null}
            </Stack>
          ))}
        </SimpleGrid>
        <SectionCard
          title="Events by risk, last 30 days"
          description={
            data.scope === "platform"
              ? "Every account on the platform."
              : "Sign-ins, changes and refused attempts on your account."
          }
        >
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" as="dl">
            {RISK_LEVELS.map((level) => (
              <Stack key={level} layerStyle="panel" borderRadius="lg" gap="1" p="3">
                <Text as="dt">
                  <RiskBadge level={level} />
                </Text>
                <Text as="dd" fontSize="2xl" fontWeight="semibold" color="ink">
                  {events[level]}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </SectionCard>
        {isAdmin ? <AdminMfaRequirement mfaEnabled={data.mfa.enabled} /> : null}
      </Stack>
    </Stack>
  );
}

/** Administrators: require MFA of every administrator. The server refuses to turn it on without one's own. */
function AdminMfaRequirement({ mfaEnabled }: { mfaEnabled: boolean }) {
  const utils = trpc.useUtils();
  const { data } = useSuspenseQuery(securityQueries.settings());
  const [refusal, setRefusal] = useState<string | null>(null);
  const update = trpc.security.updateSettings.useMutation({
    onSuccess: (saved) => {
      setRefusal(null);
      utils.security.settings.setData(undefined, saved);
      showToast({
        title: saved.adminMfaRequired ? "MFA required for administrators" : "MFA no longer required",
        description: saved.adminMfaRequired
          ? "Administrators without two-factor authentication must turn it on before using the administrator tools."
          : "Administrators may sign in without two-factor authentication.",
        variant: "success",
      });
    },
    onError: (error) => setRefusal(apiErrorMessage(error, "Failed to save the setting. Please try again.")),
  });
  return (
    <SectionCard
      title="Administrator sign-in"
      description="When on, every administrator must use two-factor authentication. Administrators without it can reach only this page until they turn it on."
    >
      <Stack gap="3">
        <HStack>
          <SwitchField
            label="Require MFA for administrators"
            checked={update.isPending ? (update.variables?.adminMfaRequired ?? false) : data.adminMfaRequired}
            onChange={(checked) => update.mutate({ adminMfaRequired: checked })}
            strong
          />
        </HStack>
        {!mfaEnabled && !data.adminMfaRequired ? (
          <Text fontSize="sm" color="fg.muted">
            Turn on two-factor authentication for your own account first.
          </Text>
        ) : null}
        {refusal ? (
          <Alert.Root status="error" borderRadius="lg" role="alert">
            <Alert.Indicator />
            <Alert.Description>{refusal}</Alert.Description>
          </Alert.Root>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
