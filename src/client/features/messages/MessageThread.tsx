// One open conversation: who it is with and how they want to be reached, the messages (refreshed while
// open, marked read by reading them) and the reply box.

import {
  Avatar,
  Box,
  Button,
  Center,
  Link as ChakraLink,
  chakra,
  Flex,
  HStack,
  IconButton,
  Spinner,
  Stack,
  Text,
  Textarea,
  VisuallyHidden,
} from "@chakra-ui/react";
import { avatarSlotRecipe } from "@chakra-ui/react/theme";
import { Link } from "@tanstack/react-router";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { LuArrowLeft, LuCheckCheck, LuSend } from "react-icons/lu";
import { ErrorKind } from "../../../shared/errorCodes";
import type { RouterOutputs } from "../../trpc";
import { failedWith, trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { shortDateTime } from "../../ui/format";
import { InlineLoadError } from "../../ui/QueryState";
import { CONTACT_METHOD_LABELS } from "./ContactDialog";

type ConversationThread = RouterOutputs["messages"]["conversation"];

/** The buyer's address for the way they asked to be reached: e-mail, or their phone to call or text. */
function CustomerContactLink({
  method,
  contact,
}: {
  method: string;
  contact: NonNullable<ConversationThread["customerContact"]>;
}) {
  const byEmail = method === "email" || !contact.phone;
  const href = byEmail ? `mailto:${contact.email}` : `${method === "text" ? "sms" : "tel"}:${contact.phone}`;
  return (
    // A long address wraps inside the header instead of running past a phone's edge.
    <ChakraLink href={href} color="blue.700" overflowWrap="anywhere">
      {byEmail ? contact.email : contact.phone}
    </ChakraLink>
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
        <time dateTime={at.toISOString()}>{shortDateTime.format(at)}</time>
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
  const reply = trpc.messages.reply.useMutation({
    onSuccess: () => setBody(""),
    onError: (error) => showFailure("Error", error, "Failed to send message. Please try again."),
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

export function Thread({ conversationId, onBack }: { conversationId: number; onBack: () => void }) {
  const utils = trpc.useUtils();
  // A reply from the other side arrives through the live stream (features/live), which refreshes the thread.
  const thread = trpc.messages.conversation.useQuery({ conversationId });
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
      <Center flex="1" py="16" role="status" aria-busy="true" aria-label="Loading conversation">
        <Spinner color="blue.solid" />
      </Center>
    );
  }
  if (thread.isError) {
    const missing = failedWith(thread.error, ErrorKind.NOT_FOUND, ErrorKind.FORBIDDEN);
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
        <Avatar.Root recipe={avatarSlotRecipe} size="sm" colorPalette="blue">
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
                  <CustomerContactLink method={data.contactMethod} contact={data.customerContact} />
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
