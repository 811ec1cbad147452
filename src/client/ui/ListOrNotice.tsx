import { Stack, type StackProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { Notice } from "./QueryState";

/** A card's list (each item an `li` with its key), or a quiet notice in its place while nothing is in it. */
export function ListOrNotice<T>({
  items,
  empty,
  gap,
  children,
}: {
  items: readonly T[];
  empty: { icon: IconType; title: string; description: string; py: StackProps["py"] };
  gap: StackProps["gap"];
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <Notice size="sm" {...empty} />;
  return (
    <Stack as="ul" listStyleType="none" gap={gap}>
      {items.map((item) => children(item))}
    </Stack>
  );
}
