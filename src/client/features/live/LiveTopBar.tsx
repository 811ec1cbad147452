import { Badge, HStack, Spinner } from "@chakra-ui/react";
import { NotificationBell } from "../notifications";
import { type LiveState, useLiveUpdates } from "./useLiveUpdates";

/** Says so only while updates are not arriving: a connected page shows nothing. */
function LiveStatus({ state }: { state: LiveState }) {
  const offline = state === "reconnecting";
  return (
    <HStack role="status" aria-live="polite" data-testid="live-status" data-state={state}>
      {offline ? (
        <Badge colorPalette="orange" variant="subtle" size="sm" gap="1.5" px="2" borderRadius="full">
          <Spinner size="xs" aria-hidden borderWidth="1.5px" />
          <span>
            Offline
            <HStack as="span" display={{ base: "none", sm: "inline" }}>
              &nbsp;· reconnecting
            </HStack>
          </span>
        </Badge>
      ) : null}
    </HStack>
  );
}

/** The signed-in top bar's live part: the stream's state beside the notification bell. */
export function LiveTopBar() {
  const state = useLiveUpdates();
  return (
    <HStack gap="2">
      <LiveStatus state={state} />
      <NotificationBell />
    </HStack>
  );
}
