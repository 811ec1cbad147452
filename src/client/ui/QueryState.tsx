// The three states every list and page goes through before its content: loading, a failed load (with
// "Try again", which refetches), and nothing to show yet. Each page keeps its own words; the look is shared.
import { Button, EmptyState, HStack, Skeleton, Stack, type StackProps, Text } from "@chakra-ui/react";
import { emptyStateSlotRecipe } from "@chakra-ui/react/theme";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { LuRefreshCw, LuTriangleAlert } from "react-icons/lu";

type HeadingTag = "h1" | "h2" | "h3";

type NoticeProps = {
  icon: IconType;
  /** Colour of the icon (grey when not given). */
  iconColor?: string;
  title: ReactNode;
  /** The title's heading level; h3 when not given. */
  titleAs?: HeadingTag;
  description?: ReactNode;
  descriptionMaxW?: string;
  /** Space between the title and the description. */
  textGap?: "1" | "2";
  /** Width of the content column (e.g. "md" keeps long descriptions readable). */
  contentMaxW?: string;
  /** Buttons or links under the text. */
  children?: ReactNode;
} & Omit<EmptyState.RootProps, "title" | "children">;

/**
 * A centred notice with an icon, a title, an optional description and actions: empty lists, missing pages.
 * `size="sm"` is the quiet version inside a card.
 */
export function Notice({
  icon: NoticeIcon,
  iconColor,
  title,
  titleAs,
  description,
  descriptionMaxW,
  textGap = "1",
  contentMaxW,
  children,
  ...root
}: NoticeProps) {
  const fontSize = root.size === "sm" ? "sm" : undefined;
  return (
    <EmptyState.Root recipe={emptyStateSlotRecipe} {...root}>
      <EmptyState.Content maxW={contentMaxW}>
        <EmptyState.Indicator color={iconColor}>
          <NoticeIcon />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap={fontSize ? "0" : textGap}>
          <EmptyState.Title as={titleAs} fontSize={fontSize}>
            {title}
          </EmptyState.Title>
          {description ? (
            <EmptyState.Description maxW={descriptionMaxW} fontSize={fontSize}>
              {description}
            </EmptyState.Description>
          ) : null}
        </Stack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The outlined panel most notices sit in; `dashed` for a list's empty or failed state. */
export function panelNotice(dashed = true) {
  return {
    borderWidth: "1px",
    borderStyle: dashed ? "dashed" : undefined,
    borderRadius: "xl",
    bg: "bg.panel",
  } as const;
}

type LoadErrorProps = {
  /** "We couldn't load your appointments" */
  title: string;
  description?: string;
  titleAs?: HeadingTag;
  onRetry: () => void;
} & Omit<NoticeProps, "icon" | "iconColor" | "title" | "description" | "titleAs" | "children">;

/** A failed load in its own panel, with "Try again". */
export function LoadError({ title, description, titleAs, onRetry, ...root }: LoadErrorProps) {
  return (
    <Notice
      icon={LuTriangleAlert}
      iconColor="fg.error"
      title={title}
      titleAs={titleAs}
      description={description}
      {...panelNotice()}
      {...root}
    >
      <RetryButton onRetry={onRetry} />
    </Notice>
  );
}

function RetryButton({ onRetry, size }: { onRetry: () => void; size?: "xs" | "sm" | "md" }) {
  return (
    <Button variant="outline" size={size} onClick={onRetry}>
      <LuRefreshCw /> Try again
    </Button>
  );
}

/**
 * A failed load inside a panel that stays on screen (a side list, a popover, a card): one line and
 * "Try again". Without `onRetry` there is nothing to retry (e.g. the thing is gone).
 */
export function InlineLoadError({
  message,
  onRetry,
  size = "sm",
  before,
  ...stack
}: {
  message: string;
  onRetry?: () => void;
  /** "xs" for tight places: smaller text and button, no icon. */
  size?: "xs" | "sm";
  /** Shown above the message (e.g. a back button). */
  before?: ReactNode;
} & StackProps) {
  return (
    <Stack gap="2" align="flex-start" {...stack}>
      {before}
      {size === "xs" ? (
        <Text fontSize="sm" color="fg.muted">
          {message}
        </Text>
      ) : (
        <HStack gap="2" color="fg.muted">
          <LuTriangleAlert aria-hidden />
          <Text>{message}</Text>
        </HStack>
      )}
      {onRetry ? <RetryButton onRetry={onRetry} size={size} /> : null}
    </Stack>
  );
}

type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * Loading, failed or empty: what a query-backed view shows before its content. `children` renders the data.
 * With `keepDataOnError`, data from an earlier success stays on screen when a later fetch fails.
 */
export function QueryState<T>({
  query,
  loading,
  error,
  isEmpty,
  empty,
  keepDataOnError = false,
  children,
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  error: Omit<LoadErrorProps, "onRetry">;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError && (!keepDataOnError || query.data === undefined)) {
    return <LoadError {...error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}

/** A list's loading placeholder: `count` rows of one height, announced as busy under `label`. */
export function SkeletonRows({
  label,
  h,
  count = 3,
  gap = "2",
  radius = "lg",
}: {
  label: string;
  h: string;
  count?: number;
  gap?: string;
  radius?: "lg" | "xl";
}) {
  return (
    <Stack gap={gap} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} h={h} borderRadius={radius} />
      ))}
    </Stack>
  );
}
