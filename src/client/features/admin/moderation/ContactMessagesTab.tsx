// Messages sent through the site's contact form, newest first. The table keeps no handled state, so the
// queue is read-only: each message offers a reply by e-mail.
import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { LuInbox, LuReply } from "react-icons/lu";
import { CONTACT_ROLES, CONTACT_SUBJECTS } from "../../../../shared/schemas/site";
import { type RouterOutputs, trpc } from "../../../trpc";
import { DecisionCard } from "../../../ui/DecisionCard";
import { PanelHeader } from "../../../ui/PanelHeader";
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
    <DecisionCard
      label={`Message from ${message.name}`}
      title={
        <HStack as="span" gap="2" wrap="wrap">
          <span>{message.name}</span>
          <Badge variant="subtle" colorPalette="blue" borderRadius="full">
            {subjectLabel(message.subject)}
          </Badge>
        </HStack>
      }
      meta={`${message.email}${message.company ? ` · ${message.company}` : ""}${role ? ` · ${role}` : ""}`}
      aside={
        <Text fontSize="sm" color="fg.muted">
          {receivedAt.format(new Date(message.createdAt))}
        </Text>
      }
      actions={[
        {
          label: "Reply by email",
          icon: <LuReply />,
          palette: "blue",
          href: replyLink(message),
          ariaLabel: `Reply to ${message.name} by email`,
        },
      ]}
    >
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {message.message}
      </Text>
    </DecisionCard>
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
        listing="contact messages"
        toolbar={{ placeholder: "Search name, email, company or message", noun: "message" }}
        loading={{ rows: 2, height: "32" }}
        empty={{
          icon: LuInbox,
          title: ["No messages yet", "No messages match your search"],
          description: ["Messages from the contact page will appear here.", "Try other words."],
        }}
        pager={{ pageSize: PAGE_SIZE }}
        pagerUnderPanel
      >
        {(message) => <MessageCard key={message.id} message={message} />}
      </ConsoleList>
    </Stack>
  );
}
