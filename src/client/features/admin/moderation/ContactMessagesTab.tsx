// The support inbox: messages sent through the site's contact form, open ones earliest due first, each a case with a
// status and an assignee (docs/product/support.md). Opening a case shows its thread and answers it.
import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuFolderOpen, LuInbox } from "react-icons/lu";
import {
  CONTACT_ROLES,
  CONTACT_SUBJECTS,
  hoursText,
  OPEN_SUPPORT_STATUSES,
  SUPPORT_REPLY_HOURS,
} from "../../../../shared/schemas/site";
import { type RouterOutputs, trpc } from "../../../trpc";
import { DecisionCard } from "../../../ui/DecisionCard";
import { dueLabel, mediumDateTime, timeAgo } from "../../../ui/format";
import { LabelledSelect } from "../../../ui/LabelledSelect";
import { PanelHeader } from "../../../ui/PanelHeader";
import { ClockBadge } from "../../../ui/StatusBadge";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import { ConsoleList, useSearchPage } from "../consoleList";
import {
  SUPPORT_STATUS_LABELS,
  SUPPORT_STATUS_PALETTE,
  SupportCaseDialog,
  useAdminChoices,
} from "./SupportCase";

type ContactMessage = RouterOutputs["site"]["contactMessages"]["items"][number];

const PAGE_SIZE = 20;
const isOpen = (status: string) => (OPEN_SUPPORT_STATUSES as readonly string[]).includes(status);

function subjectLabel(value: string) {
  return CONTACT_SUBJECTS.find((s) => s.value === value)?.label ?? value;
}

function roleLabel(value: string | null) {
  return value ? (CONTACT_ROLES.find((r) => r.value === value)?.label ?? value) : null;
}

function MessageCard({ message, onOpen }: { message: ContactMessage; onOpen: () => void }) {
  const role = roleLabel(message.role);
  return (
    <DecisionCard
      label={`Case #${message.id} from ${message.name}`}
      title={
        <HStack as="span" gap="2" wrap="wrap">
          <span>
            #{message.id} · {message.name}
          </span>
          <Badge variant="subtle" colorPalette="blue" borderRadius="full">
            {subjectLabel(message.subject)}
          </Badge>
          <Badge variant="solid" colorPalette={SUPPORT_STATUS_PALETTE[message.status]} borderRadius="full">
            {SUPPORT_STATUS_LABELS[message.status]}
          </Badge>
          {message.priority ? (
            <Badge variant="subtle" colorPalette="purple" borderRadius="full">
              Priority
            </Badge>
          ) : null}
          <ClockBadge label={dueLabel(new Date(message.dueAt), new Date(), isOpen(message.status))} />
        </HStack>
      }
      meta={`${message.email}${message.company ? ` · ${message.company}` : ""}${role ? ` · ${role}` : ""} · ${
        message.assigneeEmail ? `with ${message.assigneeEmail}` : "unassigned"
      }${message.replies ? ` · ${message.replies} ${message.replies === 1 ? "reply" : "replies"}` : ""}`}
      aside={
        <Stack gap="0" align={{ base: "start", md: "end" }}>
          <Text fontSize="sm" color="fg.muted">
            {mediumDateTime.format(new Date(message.createdAt))}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Received {timeAgo(new Date(message.createdAt))} · due{" "}
            {mediumDateTime.format(new Date(message.dueAt))}
          </Text>
        </Stack>
      }
      actions={[
        {
          label: "Open case",
          icon: <LuFolderOpen />,
          palette: "blue",
          onClick: onOpen,
          ariaLabel: `Open case #${message.id} from ${message.name}`,
        },
      ]}
    >
      <Text whiteSpace="pre-line" wordBreak="break-word" lineClamp={4}>
        {message.message}
      </Text>
    </DecisionCard>
  );
}

const STATUS_CHOICES = [
  { value: "all", label: "All statuses" },
  ...Object.entries(SUPPORT_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** Admin console tab: the support inbox. */
export function ContactMessagesTab() {
  const [status, setStatus] = useState("all");
  const [assignee, setAssignee] = useState("all");
  const state = useSearchPage(`${status}:${assignee}`);
  const { search, page } = state;
  const messages = trpc.site.contactMessages.useQuery(
    {
      search: search || undefined,
      status: status as never,
      assignee,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    },
    { placeholderData: (previous) => previous },
  );
  const admins = useAdminChoices();
  const opened = useDialogSubject<number>();

  return (
    <Stack gap="5">
      <PanelHeader
        title="Support inbox"
        description={`Messages sent through the contact page. Each is a case, due within ${hoursText(SUPPORT_REPLY_HOURS.standard)}, or ${hoursText(SUPPORT_REPLY_HOURS.priority)} when the sender is on a paid plan: open cases come first, the earliest due at the top. Reply here and the sender gets it by e-mail. Messages are kept for two years.`}
      />
      <ConsoleList
        query={messages}
        state={state}
        listing="contact messages"
        toolbar={{ placeholder: "Search name, email, company or message", noun: "message" }}
        filters={
          <HStack gap="3" flexDirection={{ base: "column", md: "row" }} align="stretch">
            <LabelledSelect
              label="Filter by status"
              value={status}
              onChange={setStatus}
              options={STATUS_CHOICES}
              width={{ base: "full", md: "44" }}
            />
            <LabelledSelect
              label="Filter by assignee"
              value={assignee}
              onChange={setAssignee}
              options={[{ value: "all", label: "Anyone" }, { value: "none", label: "Unassigned" }, ...admins]}
              width={{ base: "full", md: "56" }}
            />
          </HStack>
        }
        filtered={status !== "all" || assignee !== "all"}
        loading={{ rows: 2, height: "32" }}
        empty={{
          icon: LuInbox,
          title: ["No messages yet", "No messages match your search"],
          description: ["Messages from the contact page will appear here.", "Try other words or filters."],
        }}
        pager={{ pageSize: PAGE_SIZE }}
        pagerUnderPanel
      >
        {(message) => (
          <MessageCard key={message.id} message={message} onOpen={() => opened.show(message.id)} />
        )}
      </ConsoleList>
      <SupportCaseDialog caseId={opened.subject} open={opened.open} onOpenChange={opened.setOpen} />
    </Stack>
  );
}
