import { Badge, type BadgeProps } from "@chakra-ui/react";

/** docs/product/salespeople.md#status: available green, busy yellow, unavailable/offline red, anything else grey. */
export function statusPalette(status: string): "green" | "yellow" | "red" | "gray" {
  switch (status) {
    case "available":
      return "green";
    case "busy":
      return "yellow";
    case "unavailable":
    case "offline":
      return "red";
    default:
      return "gray";
  }
}

export function capitalise(value: string): string {
  return value.length === 0 ? value : value.charAt(0).toUpperCase() + value.slice(1);
}

export function StatusBadge({ status, ...rest }: { status: string } & Omit<BadgeProps, "children">) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" borderRadius="full" px="2.5" {...rest}>
      {capitalise(status)}
    </Badge>
  );
}

/**
 * A queue's clock on one item (docs/product/support.md#reply-times), given its label from the shared dueLabel:
 * "Due in 5 h", or "Overdue by 2 h" in red; nothing once the item is answered or decided (no label).
 */
export function ClockBadge({ label }: { label: string | null }) {
  if (!label) return null;
  const overdue = label.startsWith("Overdue");
  return (
    <Badge variant={overdue ? "solid" : "subtle"} colorPalette={overdue ? "red" : "gray"} borderRadius="full">
      {label}
    </Badge>
  );
}
