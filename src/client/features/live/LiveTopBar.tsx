import { Badge, Box, HStack, Spinner, Text, VisuallyHidden } from "@chakra-ui/react";
import { NotificationBell } from "../notifications";
import { type LiveState, useLiveUpdates } from "./useLiveUpdates";

const PILL = {
  colorPalette: "orange",
  variant: "subtle",
  size: "sm",
  gap: "1.5",
  borderRadius: "full",
} as const;

/**
 * Says so only while updates are not arriving: a connected page shows nothing. On a phone the top bar has room
 * for the spinner alone (its words stay for screen readers); from `sm` up it reads "Offline · reconnecting".
 */
function LiveStatus({ state }: { state: LiveState }) {
  const offline = state === "reconnecting";
  return (
    <Box role="status" aria-live="polite" data-testid="live-status" data-state={state}>
      {offline ? (
        <Badge
          {...PILL}
          px={{ base: "1.5", sm: "2" }}
          py={{ base: "1.5", sm: "0.5" }}
          title="Offline: reconnecting"
        >
          <Spinner size="xs" aria-hidden borderWidth="1.5px" />
          <Text as="span" hideBelow="sm">
            Offline · reconnecting
          </Text>
          <VisuallyHidden hideFrom="sm">Offline, reconnecting</VisuallyHidden>
        </Badge>
      ) : null}
    </Box>
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
