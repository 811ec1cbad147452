import { Badge, type BadgeProps } from "@chakra-ui/react";
import { transferStatusStyle } from "./transferLabels";

export function TransferStatusBadge({ status, ...rest }: { status: string } & Omit<BadgeProps, "children">) {
  const style = transferStatusStyle(status);
  return (
    <Badge colorPalette={style.palette} variant="subtle" borderRadius="full" px="2.5" {...rest}>
      {style.label}
    </Badge>
  );
}
