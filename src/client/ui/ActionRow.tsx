import { Button, Flex, HStack, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * One item of a list that waits for an answer (an invitation, a registration to confirm): what it is on the
 * left, its buttons on the right, stacked on a phone. Goes inside a `<Stack as="ul" listStyleType="none">`.
 */
export function ActionRow({
  children,
  actions,
  answers,
  testId,
}: {
  children: ReactNode;
  /** The buttons, or `answers` to describe them. */
  actions?: ReactNode;
  answers?: readonly RowAnswer[];
  testId?: string;
}) {
  return (
    <Flex
      as="li"
      data-testid={testId}
      gap="3"
      justify="space-between"
      align={{ base: "stretch", sm: "center" }}
      direction={{ base: "column", sm: "row" }}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      p="3"
    >
      <Stack gap="0.5" minW="0">
        {children}
      </Stack>
      {answers ? <RowAnswers answers={answers} /> : actions}
    </Flex>
  );
}

/** One answer an `ActionRow` offers: a solid button when `palette` is green, an outline one otherwise. */
export type RowAnswer = {
  label: string;
  icon: ReactNode;
  /** Names the item as well as the answer ("Reject Ann Lee"): a list holds many alike. */
  ariaLabel: string;
  onClick: () => void;
  palette?: "green" | "red";
  loading?: boolean;
  loadingText?: string;
  disabled?: boolean;
};

/** The answers of an `ActionRow`: sharing the width on a phone, at the row's end from tablets up. */
export function RowAnswers({ answers, size = "sm" }: { answers: readonly RowAnswer[]; size?: "xs" | "sm" }) {
  return (
    <HStack gap="2" flexShrink={0} justify={{ base: "stretch", sm: "flex-end" }}>
      {answers.map(({ label, icon, ariaLabel, palette, ...button }) => (
        <Button
          key={label}
          size={size}
          variant={palette === "green" ? "solid" : "outline"}
          colorPalette={palette}
          flex={{ base: "1", sm: "initial" }}
          aria-label={ariaLabel}
          {...button}
        >
          {icon} {label}
        </Button>
      ))}
    </HStack>
  );
}
