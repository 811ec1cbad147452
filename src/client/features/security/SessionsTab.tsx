// The sessions signed in to the account: where and when, this device marked; end one, or all the others.
// Ending this device's own session signs it out.

import { Checkbox, Stack, Text } from "@chakra-ui/react";
import { checkboxSlotRecipe } from "@chakra-ui/react/theme";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuLaptop, LuLogOut, LuMonitorSmartphone, LuSmartphone } from "react-icons/lu";
import type { SessionView } from "../../../shared/schemas/security";
import { trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { DangerButton } from "../../ui/DangerButton";
import { showFailure } from "../../ui/failureToast";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice, panelNotice } from "../../ui/QueryState";
import { showToast } from "../../ui/toaster";
import { DeviceRow } from "./DeviceRow";
import { formatDateTime } from "./format";
import { securityQueries } from "./queries";

export const TERMINATE_FAILED = "Failed to terminate session. Please try again.";

type Ending = { kind: "one"; session: SessionView } | { kind: "others"; count: number };

function deviceIcon(session: SessionView) {
  return /Android|iOS/.test(session.device) ? LuSmartphone : LuLaptop;
}

function sessionFacts(session: SessionView): [label: string, value: string][] {
  return [
    ["IP address", session.ipAddress ?? "Not recorded"],
    ["Location", session.location],
    ["Last activity", formatDateTime(session.lastActivity)],
    ["Signed in", formatDateTime(session.createdAt)],
  ];
}

function SessionRow({ session, onEnd }: { session: SessionView; onEnd: () => void }) {
  return (
    <DeviceRow
      icon={deviceIcon(session)}
      name={session.device}
      label={`${session.device}${session.current ? ", this device" : ""}`}
      badge={session.current ? { text: "This device", palette: "blue" } : null}
      highlight={session.current}
      facts={sessionFacts(session)}
      factColumns={{ base: 2, lg: 4 }}
      actions={
        <DangerButton
          onClick={onEnd}
          aria-label={session.current ? "Sign out of this device" : `End session on ${session.device}`}
        >
          <LuLogOut /> {session.current ? "Sign out" : "End session"}
        </DangerButton>
      }
    />
  );
}

/** What the confirmation says for ending every other session, this browser's, or one elsewhere. */
function endingWords(ending: Ending | null): { title: string; description: string; confirmLabel: string } {
  if (ending?.kind === "others") {
    return {
      title: "End all other sessions?",
      description: `${ending.count} other session${ending.count === 1 ? "" : "s"} will be signed out. This device stays signed in.`,
      confirmLabel: "End other sessions",
    };
  }
  if (ending?.session.current) {
    return {
      title: "Sign out of this device?",
      description: "This is the browser you're using now: you'll be signed out here.",
      confirmLabel: "Sign out",
    };
  }
  return {
    title: "End this session?",
    description: `${ending?.session.device ?? "That device"} (${ending?.session.ipAddress ?? "unknown address"}) will be signed out and must sign in again.`,
    confirmLabel: "End session",
  };
}

export function SessionsTab() {
  const utils = trpc.useUtils();
  const { data } = useSuspenseQuery(securityQueries.sessions());
  const [ending, setEnding] = useState<Ending | null>(null);
  const [revokeApiKeys, setRevokeApiKeys] = useState(false);
  const terminate = trpc.security.terminateSession.useMutation({
    onSuccess: (answer) => {
      if (answer.current) {
        // This browser's session is gone: start again signed out.
        window.location.assign("/");
        return;
      }
      setEnding(null);
      showToast({
        title: answer.terminated === 1 ? "Session ended" : "Sessions ended",
        description:
          answer.terminated === 0
            ? "No other sessions were signed in."
            : `${answer.terminated} session${answer.terminated === 1 ? " was" : "s were"} signed out.${
                answer.revokedApiKeys > 0
                  ? ` ${answer.revokedApiKeys} API key${answer.revokedApiKeys === 1 ? " was" : "s were"} revoked.`
                  : ""
              }`,
        variant: "success",
      });
    },
    onError: (error) => {
      setEnding(null);
      showFailure("Error", error, TERMINATE_FAILED);
      void utils.security.sessions.invalidate();
    },
  });
  const others = data.filter((s) => !s.current).length;

  return (
    <Stack gap="5">
      <PanelHeader
        title="Active Sessions"
        description="Browsers and devices signed in to your account. End any you don't recognise."
      >
        {others > 0 ? (
          <DangerButton
            onClick={() => {
              setRevokeApiKeys(false);
              setEnding({ kind: "others", count: others });
            }}
          >
            <LuLogOut /> End all other sessions
          </DangerButton>
        ) : null}
      </PanelHeader>
      {data.length === 0 ? (
        <Notice icon={LuMonitorSmartphone} title="No active sessions" {...panelNotice()} />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Active sessions">
          {/* This device first, then the others by last activity (the server's order). */}
          {[...data]
            .sort((a, b) => Number(b.current) - Number(a.current))
            .map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onEnd={() => setEnding({ kind: "one", session })}
              />
            ))}
        </Stack>
      )}
      {others === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          You're signed in only on this device.
        </Text>
      ) : null}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => (open ? undefined : setEnding(null))}
        {...endingWords(ending)}
        pendingLabel="Ending…"
        isPending={terminate.isPending}
        onConfirm={() => {
          if (!ending) return;
          terminate.mutate(
            ending.kind === "others" ? { allOthers: true, revokeApiKeys } : { sessionId: ending.session.id },
          );
        }}
      >
        {ending?.kind === "others" ? (
          <Checkbox.Root
            recipe={checkboxSlotRecipe}
            size="sm"
            colorPalette="red"
            checked={revokeApiKeys}
            onCheckedChange={(change) => setRevokeApiKeys(change.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              Also revoke the API keys I created (programs using them stop working)
            </Checkbox.Label>
          </Checkbox.Root>
        ) : null}
      </ConfirmDialog>
    </Stack>
  );
}
