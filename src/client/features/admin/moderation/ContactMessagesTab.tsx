// Messages sent through the site's contact form, newest first. The table keeps no handled state, so the
// queue is read-only: each message offers a reply by e-mail.
import { Badge, Box, Button, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { LuInbox, LuReply } from "react-icons/lu";
import { CONTACT_ROLES, CONTACT_SUBJECTS } from "../../../../shared/schemas/site";
import { type RouterOutputs, trpc } from "../../../trpc";
import { PanelHeader } from "../../../ui/PanelHeader";
import { Notice, panelNotice } from "../../../ui/QueryState";
import { ConsoleList, useSearchPage } from "../consoleList";

type ContactMessage = RouterOutputs["site"]["contactMessages"]["items"][number];

const PAGE_SIZE = 20;
const receivedAt = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

function subjectLabel(value: string) {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}

function roleLabel(value: string | null) {
  return value ? (CONTACT_ROLES.find((r) => r.value === value)?.label ?? value) : null;
}

function replyLink(message: ContactMessage) {
  const subject = `Re: ${subjectLabel(message.subject)}`;
  return `mailto:${message.email}?subject=${encodeURIComponent(subject)}`;
}

function MessageCard({ message }: { message: ContactMessage }) {
  const role = roleLabel(message.role);
  return (
    <Box
      as="li"
      p={{ base: "4", md: "5" }}
      bg="white"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      aria-label={`Message from ${message.name}`}
    >
      <Stack gap="3">
        <Flex justify="space-between" gap="2" wrap="wrap" align="flex-start">
          <Stack gap="0.5" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold" color="ink">
                {message.name}
              </Text>
              <Badge variant="subtle" colorPalette="blue" borderRadius="full">
                {subjectLabel(message.subject)}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
              {message.email}
              {message.company ? ` · ${message.company}` : ""}
              {role ? ` · ${role}` : ""}
            </Text>
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {receivedAt.format(new Date(message.createdAt))}
          </Text>
        </Flex>
        <Text whiteSpace="pre-line" wordBreak="break-word">
          {message.message}
        </Text>
        <Flex justify="flex-end">
          <Button asChild variant="outline" size="sm" colorPalette="blue">
            <a href={replyLink(message)} aria-label={`Reply to ${message.name} by email`}>
              <LuReply /> Reply by email
            </a>
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}

/** Admin console tab: contact-form messages. */
export function ContactMessagesTab() {
  const state = useSearchPage();
  const { search, page } = state;
  const messages = trpc.site.contactMessages.useQuery(
    { search: search || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { placeholderData: (previous) => previous, refetchOnMount: "always" },
  );

  return (
    <Stack gap="5">
      <PanelHeader
        title="Contact messages"
        description="Messages sent through the contact page, newest first. Reply by email; messages are kept for two years."
      />
      <ConsoleList
        query={messages}
        state={state}
        toolbar={{
          label: "Search contact messages",
          placeholder: "Search name, email, company or message",
          noun: "message",
        }}
        loading={{ label: "Loading contact messages", rows: 2, height: "32" }}
        error={{ title: "We couldn't load the contact messages", titleAs: "h3" }}
        empty={
          <Notice
            icon={LuInbox}
            title={search ? "No messages match your search" : "No messages yet"}
            description={search ? "Try other words." : "Messages from the contact page will appear here."}
            {...panelNotice()}
          />
        }
        pager={{ pageSize: PAGE_SIZE }}
        pagerUnderPanel
      >
        {(message) => <MessageCard key={message.id} message={message} />}
      </ConsoleList>
    </Stack>
  );
}
