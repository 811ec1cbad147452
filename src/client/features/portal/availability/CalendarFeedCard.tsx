// The salesperson's private calendar feed (docs/product/booking.md#calendar-feed): an address that Google
// Calendar, Outlook and Apple Calendar subscribe to, listing their visits. The server keeps only a hash of its
// secret, so the address is shown once, when it is made; a new one replaces it, and it can be turned off.
import { Button, HStack, Link, List, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuCalendarPlus, LuRefreshCw } from "react-icons/lu";
import type { CalendarFeedCreated } from "../../../../shared/schemas/calendar";
import { trpc } from "../../../trpc";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { showFailure } from "../../../ui/failureToast";
import { timeAgo } from "../../../ui/format";
import { SecretOnceDialog } from "../../../ui/SecretOnceDialog";
import { SectionCard } from "../../../ui/SectionCard";
import { showToast } from "../../../ui/toaster";
import { portalQueries } from "../queries";

export function CalendarFeedCard() {
  const { data: feed } = useSuspenseQuery(portalQueries.calendarFeed());
  const [made, setMade] = useState<CalendarFeedCreated | null>(null);
  const [confirming, setConfirming] = useState<"replace" | "off" | null>(null);
  const create = trpc.calendar.createFeed.useMutation({
    onSuccess: (answer) => {
      setConfirming(null);
      setMade(answer);
    },
    onError: (error) => showFailure("We couldn't make your calendar link", error),
  });
  const revoke = trpc.calendar.revokeFeed.useMutation({
    onSuccess: () => {
      setConfirming(null);
      showToast({ title: "Calendar link turned off", description: "It no longer lists your visits." });
    },
    onError: (error) => showFailure("We couldn't turn your calendar link off", error),
  });

  return (
    <SectionCard
      title="Your visits in your calendar"
      description="Subscribe from Google Calendar, Outlook or Apple Calendar: your visits appear there and stay up to date, cancellations included."
      actions={
        feed.active ? (
          <HStack gap="2" wrap="wrap">
            <Button variant="outline" onClick={() => setConfirming("replace")}>
              <LuRefreshCw /> Make a new link
            </Button>
            <Button variant="outline" colorPalette="red" onClick={() => setConfirming("off")}>
              Turn off
            </Button>
          </HStack>
        ) : (
          <Button colorPalette="blue" loading={create.isPending} onClick={() => create.mutate()}>
            <LuCalendarPlus /> Create calendar link
          </Button>
        )
      }
    >
      <Text fontSize="sm" color="fg.muted" data-testid="calendar-feed-state">
        {feed.active && feed.createdAt
          ? `Your calendar link is on since ${feed.createdAt.toLocaleDateString("en-US", { dateStyle: "medium" })}. ${
              feed.lastReadAt
                ? `A calendar app last read it ${timeAgo(feed.lastReadAt)}.`
                : "No calendar app has read it yet."
            }`
          : "No calendar link yet. The link is private: anyone who has it sees your visits, so share it with no one."}
      </Text>
      <ConfirmDialog
        open={confirming === "replace"}
        onOpenChange={(open) => setConfirming(open ? "replace" : null)}
        title="Make a new calendar link?"
        description="The link you have now stops working at once: calendars subscribed to it stop updating until you subscribe them to the new one."
        confirmLabel="Make a new link"
        pendingLabel="Making…"
        palette="blue"
        isPending={create.isPending}
        onConfirm={() => create.mutate()}
      />
      <ConfirmDialog
        open={confirming === "off"}
        onOpenChange={(open) => setConfirming(open ? "off" : null)}
        title="Turn your calendar link off?"
        description="Calendars subscribed to it stop showing new visits. You can make a new link at any time."
        confirmLabel="Turn off"
        pendingLabel="Turning off…"
        isPending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      />
      <SecretOnceDialog
        open={made !== null}
        onClose={() => setMade(null)}
        title="Your calendar link"
        subtitle="Copy it now: for your privacy it is not shown again. You can always make a new one."
        secret={made?.url ?? ""}
        secretLabel="Calendar address"
        secretTestId="calendar-feed-url"
        copyLabel="Copy link"
        doneLabel="Done"
      >
        <Stack gap="2" fontSize="sm">
          <Link href={made?.webcalUrl} colorPalette="blue" fontWeight="medium">
            <LuCalendarPlus /> Open in my calendar app
          </Link>
          <Text color="fg.muted">Or paste the link into your calendar:</Text>
          <List.Root ps="5" gap="1" color="fg.muted">
            <List.Item>Google Calendar: Other calendars, +, From URL.</List.Item>
            <List.Item>Outlook: Add calendar, Subscribe from web.</List.Item>
            <List.Item>Apple Calendar: File, New Calendar Subscription.</List.Item>
          </List.Root>
        </Stack>
      </SecretOnceDialog>
    </SectionCard>
  );
}
