import {
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Link as ChakraLink,
  chakra,
  Flex,
  Grid,
  HStack,
  IconButton,
  Skeleton,
  Spinner,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { LuArrowLeft, LuCheckCheck, LuInbox, LuMessageSquare, LuSend } from "react-icons/lu";
import type { RouterOutputs } from "../../trpc";
import { apiErrorCode, apiErrorMessage, trpc } from "../../trpc";
import { timeAgo } from "../../ui/format";
import { InlineLoadError, Notice, panelNotice } from "../../ui/QueryState";
import { showToast } from "../../ui/toaster";

type ConversationSummary = RouterOutputs["messages"]["conversations"][number];
type ConversationThread = RouterOutputs["messages"]["conversation"];

import { CONTACT_METHOD_LABELS } from "./ContactDialog";

const messageTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
// Open conversations refresh on their own: a reply from the other side should appear without a reload.
const THREAD_REFRESH_MS = 30_000;

function ConversationRow({
  conversation,
  selected,
  onSelect,
}: {
  conversation: ConversationSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  const unread = conversation.unread > 0;
  return (
    <Box as="li">
      <chakra.button
        type="button"
        w="full"
        textAlign="start"
        display="flex"
        gap="3"
        alignItems="flex-start"
        px="4"
        py="3"
        borderBottomWidth="1px"
        borderColor="border.muted"
        bg={selected ? "blue.50" : "transparent"}
        borderStartWidth="3px"
        borderStartColor={selected ? "blue.500" : "transparent"}
        _hover={{ bg: selected ? "blue.50" : "gray.50" }}
        _focusVisible={{ outline: "2px solid", outlineColor: "blue.500", outlineOffset: "-2px" }}
        aria-current={selected ? "true" : undefined}
        onClick={onSelect}
      >
        <Avatar.Root size="sm" colorPalette="blue" flexShrink={0}>
          <Avatar.Fallback name={conversation.otherName} />
        </Avatar.Root>
        <Stack gap="0.5" flex="1" minW="0">
          <HStack justify="space-between" gap="2">
            <Text fontSize="sm" fontWeight={unread ? "bold" : "semibold"} color="ink" truncate>
              {conversation.otherName}
            </Text>
            <Text fontSize="xs" color="fg.subtle" flexShrink={0}>
              {timeAgo(new Date(conversation.lastMessageAt))}
            </Text>
          </HStack>
          <HStack justify="space-between" gap="2">
            <Text fontSize="sm" color={unread ? "fg" : "fg.muted"} truncate>
              {conversation.lastMessage}
            </Text>
            {unread ? (
              <Badge colorPalette="blue" variant="solid" borderRadius="full" size="sm" flexShrink={0}>
                {conversation.unread}
                <VisuallyHidden> unread</VisuallyHidden>
              </Badge>
            ) : null}
          </HStack>
        </Stack>
      </chakra.button>
    </Box>
  );
}

function MessageBubble({
  message,
  mine,
  showRead,
}: {
  message: ConversationThread["messages"][number];
  mine: boolean;
  showRead: boolean;
}) {
  const at = new Date(message.createdAt);
  return (
    <Stack as="li" gap="1" align={mine ? "flex-end" : "flex-start"} maxW="100%">
      <Box
        maxW={{ base: "88%", md: "75%" }}
        px="3.5"
        py="2.5"
        borderRadius="2xl"
        borderBottomEndRadius={mine ? "sm" : "2xl"}
        borderBottomStartRadius={mine ? "2xl" : "sm"}
        bg={mine ? "blue.600" : "gray.100"}
        color={mine ? "white" : "fg"}
        whiteSpace="pre-line"
        overflowWrap="anywhere"
        fontSize="sm"
      >
        {message.body}
      </Box>
      <HStack gap="1" fontSize="xs" color="fg.subtle">
        <time dateTime={at.toISOString()}>{messageTime.format(at)}</time>
        {showRead ? (
          <>
            <LuCheckCheck aria-hidden />
            <Text>Read</Text>
          </>
        ) : null}
      </HStack>
    </Stack>
  );
}

function ReplyBox({ conversationId, otherName }: { conversationId: number; otherName: string }) {
  const [body, setBody] = useState("");
  const id = useId();
  const utils = trpc.useUtils();
  const reply = trpc.messages.reply.useMutation({
    onSuccess: async () => {
      setBody("");
      await Promise.all([
        utils.messages.conversation.invalidate({ conversationId }),
        utils.messages.conversations.invalidate(),
      ]);
    },
    onError: (error) =>
      showToast({
        title: "Error",
        description: apiErrorMessage(error, "Failed to send message. Please try again."),
        variant: "destructive",
      }),
  });
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (body.trim() === "" || reply.isPending) return;
    reply.mutate({ conversationId, body: body.trim() });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) send();
  };
  return (
    <chakra.form onSubmit={send} p="3" borderTopWidth="1px" borderColor="border.muted" bg="bg.panel">
      <label htmlFor={id}>
        <VisuallyHidden>Reply to {otherName}</VisuallyHidden>
      </label>
      <HStack align="flex-end" gap="2">
        <Textarea
          id={id}
          rows={2}
          autoresize
          maxH="40"
          maxLength={4000}
          placeholder={`Write to ${otherName}…`}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="submit"
          colorPalette="blue"
          loading={reply.isPending}
          disabled={body.trim() === ""}
          aria-label="Send reply"
          flexShrink={0}
        >
          <LuSend />
          <Text as="span" hideBelow="sm">
            Send
          </Text>
        </Button>
      </HStack>
    </chakra.form>
  );
}

function Thread({ conversationId, onBack }: { conversationId: number; onBack: () => void }) {
  const utils = trpc.useUtils();
  const thread = trpc.messages.conversation.useQuery(
    { conversationId },
    { refetchOnMount: "always", refetchInterval: THREAD_REFRESH_MS },
  );
  const endRef = useRef<HTMLDivElement>(null);
  const count = thread.data?.messages.length ?? 0;

  // Reading marks the other side's messages read on the server, so the list's unread counts are stale now.
  useEffect(() => {
    if (thread.dataUpdatedAt > 0) void utils.messages.conversations.invalidate();
  }, [thread.dataUpdatedAt, utils]);

  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView({ block: "end" });
  }, [count]);

  const back = (
    <IconButton aria-label="Back to conversations" variant="ghost" size="sm" hideFrom="md" onClick={onBack}>
      <LuArrowLeft />
    </IconButton>
  );

  if (thread.isPending) {
    return (
      <Center flex="1" py="16" aria-busy="true" aria-label="Loading conversation">
        <Spinner color="blue.solid" />
      </Center>
    );
  }
  if (thread.isError) {
    const missing = ["NOT_FOUND", "FORBIDDEN"].includes(apiErrorCode(thread.error) ?? "");
    return (
      <InlineLoadError
        message={missing ? "This conversation isn't available." : "We couldn't load this conversation."}
        onRetry={missing ? undefined : () => void thread.refetch()}
        before={back}
        flex="1"
        p="6"
        gap="3"
      />
    );
  }

  const data = thread.data;
  const otherName = data.side === "customer" ? data.salespersonName : data.customerName;
  const method = CONTACT_METHOD_LABELS[data.contactMethod as keyof typeof CONTACT_METHOD_LABELS];
  const lastMine = [...data.messages].reverse().find((m) => m.senderRole === data.side);

  return (
    <Flex direction="column" flex="1" minH="0" aria-label={`Conversation with ${otherName}`} role="region">
      <HStack px="4" py="3" gap="3" borderBottomWidth="1px" borderColor="border.muted">
        {back}
        <Avatar.Root size="sm" colorPalette="blue">
          <Avatar.Fallback name={otherName} />
        </Avatar.Root>
        <Stack gap="0" minW="0">
          {data.side === "customer" ? (
            <ChakraLink asChild fontWeight="semibold" color="ink" truncate>
              <Link to="/salesperson/$id" params={{ id: String(data.salespersonId) }}>
                {otherName}
              </Link>
            </ChakraLink>
          ) : (
            <Text fontWeight="semibold" color="ink" truncate>
              {otherName}
            </Text>
          )}
          {method ? (
            <Text fontSize="xs" color="fg.muted">
              {data.side === "customer" ? "You asked to be contacted by" : "Prefers to be contacted by"}{" "}
              {method.by}
              {data.customerContact ? (
                <>
                  {" · "}
                  <ChakraLink
                    href={
                      data.contactMethod === "email" || !data.customerContact.phone
                        ? `mailto:${data.customerContact.email}`
                        : `${data.contactMethod === "text" ? "sms" : "tel"}:${data.customerContact.phone}`
                    }
                    color="blue.700"
                  >
                    {data.contactMethod === "email" || !data.customerContact.phone
                      ? data.customerContact.email
                      : data.customerContact.phone}
                  </ChakraLink>
                </>
              ) : null}
            </Text>
          ) : null}
        </Stack>
      </HStack>
      <Box flex="1" minH="0" overflowY="auto" px="4" py="4" bg="gray.50/60">
        <Stack as="ol" listStyleType="none" gap="3" aria-label="Messages" aria-live="polite">
          {data.messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              mine={message.senderRole === data.side}
              showRead={message.id === lastMine?.id && message.readAt !== null}
            />
          ))}
        </Stack>
        <div ref={endRef} />
      </Box>
      <ReplyBox conversationId={conversationId} otherName={otherName} />
    </Flex>
  );
}

function ListSkeleton() {
  return (
    <Stack p="4" gap="4" aria-busy="true" aria-label="Loading conversations">
      {[0, 1, 2].map((n) => (
        <HStack key={n} gap="3">
          <Skeleton boxSize="8" borderRadius="full" />
          <Stack flex="1" gap="1.5">
            <Skeleton h="3.5" w="50%" />
            <Skeleton h="3" w="80%" />
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}

/**
 * Conversations between buyers and salespeople, for either side: the list with unread counts, the open
 * thread, and a reply box. The host keeps the open conversation (e.g. in the URL, `?conversation=ID`).
 */
export function MessagesInbox({
  conversationId,
  onSelect,
  emptyState,
}: {
  conversationId?: number;
  onSelect: (conversationId: number | undefined) => void;
  /** What to show before there is any conversation (defaults to a short explanation). */
  emptyState?: ReactNode;
}) {
  const conversations = trpc.messages.conversations.useQuery(undefined, { refetchOnMount: "always" });
  const items = conversations.data ?? [];
  const totalUnread = items.reduce((sum, c) => sum + c.unread, 0);

  if (conversations.isSuccess && items.length === 0 && conversationId === undefined) {
    return (
      <>
        {emptyState ?? (
          <Notice
            icon={LuInbox}
            title="No messages yet"
            description="Conversations with buyers and salespeople appear here, with replies as they arrive."
            textGap="2"
            contentMaxW="md"
            {...panelNotice()}
            py="14"
          />
        )}
      </>
    );
  }

  return (
    <Card.Root borderRadius="xl" borderColor="border.muted" boxShadow="xs" overflow="hidden">
      <Grid
        templateColumns={{ base: "minmax(0, 1fr)", md: "minmax(16rem, 20rem) minmax(0, 1fr)" }}
        h={{ base: conversationId ? "calc(100dvh - 13rem)" : "auto", md: "36rem" }}
        minH={{ base: conversationId ? "26rem" : undefined }}
      >
        <Flex
          direction="column"
          minH="0"
          borderEndWidth={{ md: "1px" }}
          borderColor="border.muted"
          display={{ base: conversationId ? "none" : "flex", md: "flex" }}
        >
          <HStack px="4" py="3" borderBottomWidth="1px" borderColor="border.muted" justify="space-between">
            <Text fontWeight="semibold" color="ink">
              Conversations
            </Text>
            {totalUnread > 0 ? (
              <Badge colorPalette="blue" variant="subtle" borderRadius="full">
                {totalUnread} unread
              </Badge>
            ) : null}
          </HStack>
          <Box flex="1" minH="0" overflowY="auto">
            {conversations.isPending ? (
              <ListSkeleton />
            ) : conversations.isError ? (
              <InlineLoadError
                message="We couldn't load your conversations."
                onRetry={() => void conversations.refetch()}
                size="xs"
                p="4"
              />
            ) : (
              <Stack as="ul" listStyleType="none" gap="0" aria-label="Conversations">
                {items.map((conversation) => (
                  <ConversationRow
                    key={conversation.id}
                    conversation={conversation}
                    selected={conversation.id === conversationId}
                    onSelect={() => onSelect(conversation.id)}
                  />
                ))}
              </Stack>
            )}
          </Box>
        </Flex>
        <Flex direction="column" minH="0" display={{ base: conversationId ? "flex" : "none", md: "flex" }}>
          {conversationId ? (
            <Thread key={conversationId} conversationId={conversationId} onBack={() => onSelect(undefined)} />
          ) : (
            <Center flex="1" p="8" color="fg.muted" textAlign="center">
              <Stack align="center" gap="2">
                <LuMessageSquare aria-hidden size="28" />
                <Text>Choose a conversation to read and reply.</Text>
              </Stack>
            </Center>
          )}
        </Flex>
      </Grid>
    </Card.Root>
  );
}
