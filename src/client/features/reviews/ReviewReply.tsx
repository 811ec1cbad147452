import { Box, HStack, Icon, Text } from "@chakra-ui/react";
import { LuMessageSquareReply } from "react-icons/lu";
import { mediumDate } from "../../ui/format";

/** The salesperson's public reply under a review, signed with their first name. */
export function ReviewReply({
  reply,
  salespersonName,
  compact = false,
}: {
  reply: { body: string; createdAt: Date | string };
  salespersonName: string;
  /** Tighter, without the date (the customer's own list of reviews). */
  compact?: boolean;
}) {
  return (
    <Box
      borderStartWidth="3px"
      borderColor="blue.500"
      bg="blue.50/60"
      borderRadius="md"
      px={compact ? "3" : "4"}
      py={compact ? "2" : "3"}
      aria-label={compact ? undefined : `Reply from ${salespersonName}`}
    >
      <HStack gap={compact ? "1.5" : "2"} fontSize="sm" mb="1" flexWrap="wrap">
        <Icon color={compact ? "ink" : "blue.600"} aria-hidden>
          <LuMessageSquareReply />
        </Icon>
        <Text fontWeight="semibold" color="ink">
          Reply from {salespersonName.split(" ")[0] ?? salespersonName}
        </Text>
        {compact ? null : (
          <Text color="fg.muted" fontSize="xs">
            {mediumDate.format(new Date(reply.createdAt))}
          </Text>
        )}
      </HStack>
      <Text fontSize="sm" whiteSpace="pre-line">
        {reply.body}
      </Text>
    </Box>
  );
}
