// The inbox: the conversation list with unread counts beside the open thread (one or the other on a phone).

import {
  Avatar,
  Badge,
  Box,
  Card,
  Center,
  Flex,
  Grid,
  HStack,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { avatarSlotRecipe } from "@chakra-ui/react/theme";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { LuInbox, LuMessageSquare } from "react-icons/lu";
import type { RouterOutputs } from "../../trpc";
import { timeAgo } from "../../ui/format";
import { Notice, panelNotice } from "../../ui/QueryState";
import { RowButton } from "../../ui/RowButton";
import { Thread } from "./MessageThread";
import { messageQueries } from "./queries";

type ConversationSummary = RouterOutputs["messages"]["conversations"][number];

const INBOX_EMPTY = {
  icon: LuInbox,
  description: "Conversations with buyers and salespeople appear here, with replies as they arrive.",
};

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
      <RowButton
        type="button"
        borderBottomWidth="1px"
        borderColor="border.muted"
        bg={selected ? "blue.50" : "transparent"}
        borderStartWidth="3px"
        borderStartColor={selected ? "blue.500" : "transparent"}
        _hover={{ bg: selected ? "blue.50" : "gray.50" }}
        aria-current={selected ? "true" : undefined}
        onClick={onSelect}
      >
        <Avatar.Root recipe={avatarSlotRecipe} size="sm" colorPalette="blue" flexShrink={0}>
          <Avatar.Fallback name={conversation.otherName} />
        </Avatar.Root>
        <Stack gap="0.5" flex="1" minW="0">
          <HStack justify="space-between" gap="2">
            <Text fontSize="sm" fontWeight={unread ? "bold" : "semibold"} color="ink" truncate>
              {conversation.otherName}
            </Text>
            <Text fontSize="xs" color="fg.muted" flexShrink={0}>
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
      </RowButton>
    </Box>
  );
}

/**
 * Conversations between buyers and salespeople, for either side: the list with unread counts, the open
 * thread, and a reply box. The host keeps the open conversation (e.g. in the URL, `?conversation=ID`).
 */
export function MessagesInbox({
  conversationId,
  onSelect,
  empty = INBOX_EMPTY,
}: {
  conversationId?: number;
  onSelect: (conversationId: number | undefined) => void;
  /** The "No messages yet" notice before there is any conversation: its icon, its words and what to do. */
  empty?: { icon: IconType; description: string; action?: ReactNode };
}) {
  const { data: items } = useSuspenseQuery(messageQueries.conversations());
  const totalUnread = items.reduce((sum, c) => sum + c.unread, 0);

  if (items.length === 0 && conversationId === undefined) {
    return (
      <Notice
        icon={empty.icon}
        title="No messages yet"
        description={empty.description}
        textGap="2"
        contentMaxW="md"
        {...panelNotice()}
        py="14"
      >
        {empty.action}
      </Notice>
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
