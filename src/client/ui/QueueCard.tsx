import { Badge, Box, Card, Heading, HStack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { apiErrorMessage } from "../trpc";
import { InlineLoadError, SkeletonRows } from "./QueryState";

/**
 * A dashboard card of things waiting on its reader (transfer requests, misconduct cases): an icon and title
 * with how many wait, what the queue is, and the queue itself or its empty state; given a `query` rather than
 * the loaded `items`, its loading and failed states too.
 */
export function QueueCard<T>({
  id,
  icon: Icon,
  iconColor,
  title,
  count,
  description,
  empty,
  children,
  ...queue
}: {
  /** The heading's id, which names the card. */
  id: string;
  icon: IconType;
  iconColor: string;
  title: string;
  /** The badge beside the title once the queue has loaded: "3 waiting", orange while there are some. */
  count: (items: T[]) => { label: string; palette: string };
  description: ReactNode;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
} & (
  | { /** The queue as its route's loader filled it. */ items: T[] }
  | {
      query: {
        data: T[] | undefined;
        isPending: boolean;
        isError: boolean;
        error: unknown;
        refetch: () => unknown;
      };
      loading: { label: string; h: string };
      /** Said when the queue can't be loaded and the server gives no reason. */
      failure: string;
    }
)) {
  const items = "items" in queue ? queue.items : queue.query.data;
  const badge = items ? count(items) : null;
  return (
    <Card.Root as="section" aria-labelledby={id} layerStyle="sectionCard">
      <Card.Header p={{ base: "5", md: "6" }} pb="0">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <HStack gap="2">
            <Box color={iconColor}>
              <Icon aria-hidden />
            </Box>
            <Heading as="h2" id={id} size="lg" color="ink">
              {title}
            </Heading>
          </HStack>
          {badge ? (
            <Badge colorPalette={badge.palette} variant="subtle" borderRadius="full">
              {badge.label}
            </Badge>
          ) : null}
        </HStack>
        <Text color="fg.muted" fontSize="sm" mt="1">
          {description}
        </Text>
      </Card.Header>
      <Card.Body p={{ base: "5", md: "6" }}>
        {"query" in queue && queue.query.isPending ? (
          <SkeletonRows label={queue.loading.label} h={queue.loading.h} count={2} gap="3" />
        ) : "query" in queue && (queue.query.isError || !items) ? (
          <InlineLoadError
            message={apiErrorMessage(queue.query.error, queue.failure)}
            onRetry={() => void queue.query.refetch()}
          />
        ) : !items || items.length === 0 ? (
          empty
        ) : (
          children(items)
        )}
      </Card.Body>
    </Card.Root>
  );
}
