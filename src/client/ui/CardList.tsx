import { Stack, type StackProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** Phones: a list of cards, one per row of the table that tablets and up show in its place. */
export function PhoneCardList({
  label,
  gap = "3",
  children,
}: {
  /** The list's accessible name. */
  label: string;
  gap?: StackProps["gap"];
  children: ReactNode;
}) {
  return (
    <Stack as="ul" listStyleType="none" gap={gap} hideFrom="md" aria-label={label}>
      {children}
    </Stack>
  );
}

/** One card of a PhoneCardList. */
export function PhoneCard(props: StackProps) {
  return (
    <Stack
      as="li"
      gap="0"
      p="4"
      bg="white"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      {...props}
    />
  );
}
