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
