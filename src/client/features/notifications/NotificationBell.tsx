import { Box, Button, Circle, HStack, Icon, IconButton, Stack, Text } from "@chakra-ui/react";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import type { IconType } from "react-icons";
import {
  LuBell,
  LuBellOff,
  LuCalendarPlus,
  LuCalendarX,
  LuMessageSquare,
  LuMessageSquareReply,
  LuShieldAlert,
  LuStar,
} from "react-icons/lu";
import { type RouterOutputs, trpc } from "../../trpc";
import { timeAgo } from "../../ui/format";
import { MenuPopover } from "../../ui/MenuPopover";
import { InlineLoadError } from "../../ui/QueryState";
import { RowButton } from "../../ui/RowButton";

type NotificationItem = RouterOutputs["notifications"]["list"]["items"][number];

const TYPE_ICON: Record<string, { icon: IconType; color: string }> = {
  new_review: { icon: LuStar, color: "yellow.600" },
  review_reply: { icon: LuMessageSquareReply, color: "blue.600" },
  new_message: { icon: LuMessageSquare, color: "blue.600" },
  appointment_requested: { icon: LuCalendarPlus, color: "green.600" },
  appointment_cancelled: { icon: LuCalendarX, color: "red.600" },
  report_update: { icon: LuShieldAlert, color: "orange.600" },
  team_review: { icon: LuStar, color: "yellow.600" },
  low_review: { icon: LuStar, color: "red.600" },
  misconduct_outcome: { icon: LuShieldAlert, color: "orange.600" },
  visit_dispute: { icon: LuCalendarX, color: "orange.600" },
};

/** Same-site paths only: a notification never sends anyone off the site. */
function internalLink(link: string | null): string | null {
  return link?.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : null;
}

function NotificationRow({
  item,
  onOpen,
}: {
  item: NotificationItem;
  onOpen: (item: NotificationItem) => void;
}) {
  const unread = item.readAt === null;
  const style = TYPE_ICON[item.type] ?? { icon: LuBell, color: "fg.muted" };
  return (
    <Box as="li" borderBottomWidth="1px" borderColor="border.muted" _last={{ borderBottomWidth: "0" }}>
      <RowButton
        type="button"
        bg={unread ? "blue.50/70" : "transparent"}
        _hover={{ bg: "gray.100" }}
        onClick={() => onOpen(item)}
        aria-label={`${unread ? "Unread: " : ""}${item.title}. ${item.body ?? ""}`}
      >
        <Circle size="8" bg="bg.panel" borderWidth="1px" borderColor="border.muted" flexShrink={0}>
          <Icon boxSize="4" color={style.color}>
            <style.icon />
          </Icon>
        </Circle>
        <Stack gap="0.5" flex="1" minW="0">
          <HStack justify="space-between" gap="2" align="flex-start">
            <Text fontSize="sm" fontWeight={unread ? "semibold" : "medium"} color="ink">
              {item.title}
            </Text>
            {unread ? <Circle size="2" bg="blue.500" mt="1.5" flexShrink={0} aria-hidden /> : null}
          </HStack>
          {item.body ? (
            <Text fontSize="sm" color="fg.muted" lineClamp={2}>
              {item.body}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.subtle">
            {timeAgo(new Date(item.createdAt))}
          </Text>
        </Stack>
      </RowButton>
    </Box>
  );
}

/**
 * The notification centre in the signed-in top bar, for customers and salespeople alike: unread count, the
 * latest notifications (reviews, replies, messages, bookings, cancellations, report updates), mark as read,
 * and a click opens what the notification is about.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const utils = trpc.useUtils();
  // New notifications ring through the live stream (features/live), which refreshes this list.
  const list = trpc.notifications.list.useQuery();
  const markRead = trpc.notifications.markRead.useMutation({
    onSettled: () => utils.notifications.list.invalidate(),
  });
  const markAllRead = trpc.notifications.markAllRead.useMutation({
    onSettled: () => utils.notifications.list.invalidate(),
  });
  const unread = list.data?.unread ?? 0;
  const items = list.data?.items ?? [];

  const openItem = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
    const link = internalLink(item.link);
    if (!link) return;
    setOpen(false);
    // What the notification points at changed since it was cached (a new message, reply or review).
    if (item.type === "new_message") void utils.messages.invalidate();
    if (["new_review", "team_review", "low_review", "review_reply"].includes(item.type))
      void utils.reviews.list.invalidate();
    router.history.push(link);
  };

  return (
    <MenuPopover
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) void list.refetch();
      }}
      trigger={
        <IconButton
          variant="ghost"
          size="sm"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
          position="relative"
          color="fg.muted"
        >
          <LuBell />
          {unread > 0 ? (
            <Circle
              size="4.5"
              minW="4.5"
              px="1"
              bg="red.500"
              color="white"
              fontSize="2xs"
              fontWeight="bold"
              position="absolute"
              top="0"
              right="0"
              aria-hidden
              data-testid="notification-count"
            >
              {unread > 99 ? "99+" : unread}
            </Circle>
          ) : null}
        </IconButton>
      }
      content={{
        width: { base: "calc(100vw - 1.5rem)", sm: "sm" },
        maxH: "min(30rem, 80dvh)",
        overflow: "hidden",
      }}
    >
      <MenuPopover.Header
        display="flex"
        justifyContent="space-between"
        alignItems="center"
        borderBottomWidth="1px"
        borderColor="border.muted"
        py="3"
      >
        <MenuPopover.Title fontWeight="semibold" color="ink">
          Notifications
        </MenuPopover.Title>
        <Button
          size="xs"
          variant="ghost"
          colorPalette="blue"
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          Mark all read
        </Button>
      </MenuPopover.Header>
      <MenuPopover.Body p="0" overflowY="auto">
        {list.isPending ? (
          <Text p="4" fontSize="sm" color="fg.muted">
            Loading…
          </Text>
        ) : list.isError && !list.data ? (
          <InlineLoadError
            message="We couldn't load your notifications."
            onRetry={() => void list.refetch()}
            size="xs"
            p="4"
          />
        ) : items.length === 0 ? (
          <Stack align="center" gap="2" p="8" color="fg.muted" textAlign="center">
            <LuBellOff aria-hidden />
            <Text fontSize="sm">You're all caught up. New messages, reviews and bookings show up here.</Text>
          </Stack>
        ) : (
          <Stack as="ul" listStyleType="none" gap="0" aria-label="Notifications">
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} onOpen={openItem} />
            ))}
          </Stack>
        )}
      </MenuPopover.Body>
    </MenuPopover>
  );
}
