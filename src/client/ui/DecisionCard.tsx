import { Box, Button, Flex, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

export type DecisionAction = {
  label: string;
  icon: ReactNode;
  palette: "green" | "red" | "blue";
  onClick?: () => void;
  /** A link instead of a button (a reply by e-mail). */
  href?: string;
  ariaLabel?: string;
};

/**
 * One item of a queue that waits for a decision (a flagged review, a contact message, a data request): who or
 * what it is and when, a figure or status beside it, what it says, and the answers an administrator may give.
 * `as="li"` inside a list, `article` on its own.
 */
export function DecisionCard({
  label,
  title,
  meta,
  aside,
  children,
  actions = [],
  extra,
  as = "li",
  alert = false,
}: {
  /** The card's accessible name. */
  label: string;
  title: ReactNode;
  /** A muted line under the title. */
  meta?: ReactNode;
  /** Top right: a rating, a date, a status. */
  aside?: ReactNode;
  children?: ReactNode;
  actions?: readonly DecisionAction[];
  /** Under the card's text, before the answers (downloads, custom buttons). */
  extra?: ReactNode;
  as?: "li" | "article";
  /** A red edge: the item is overdue. */
  alert?: boolean;
}) {
  return (
    <Box
      as={as}
      p={{ base: "4", md: "5" }}
      bg="white"
      borderWidth="1px"
      borderColor={alert ? "red.200" : "border.muted"}
      borderRadius="xl"
      aria-label={label}
    >
      <Stack gap="3">
        <Flex justify="space-between" gap="2" wrap="wrap" align="flex-start">
          <Stack gap="0.5" minW="0">
            <Text fontWeight="semibold" color="ink">
              {title}
            </Text>
            {meta ? (
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {meta}
              </Text>
            ) : null}
          </Stack>
          {aside}
        </Flex>
        {children}
        {extra}
        {actions.length > 0 ? (
          <Flex gap="2" justify="flex-end" direction={{ base: "column", sm: "row" }}>
            {actions.map((action) =>
              action.href ? (
                <Button key={action.label} asChild variant="outline" size="sm" colorPalette={action.palette}>
                  <a href={action.href} aria-label={action.ariaLabel}>
                    {action.icon} {action.label}
                  </a>
                </Button>
              ) : (
                <Button
                  key={action.label}
                  variant="outline"
                  colorPalette={action.palette}
                  size="sm"
                  onClick={action.onClick}
                  aria-label={action.ariaLabel}
                >
                  {action.icon} {action.label}
                </Button>
              ),
            )}
          </Flex>
        ) : null}
      </Stack>
    </Box>
  );
}
