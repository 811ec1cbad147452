import { Button, HStack, type StackProps } from "@chakra-ui/react";
import { LuCheck, LuX } from "react-icons/lu";
import { DangerButton } from "./DangerButton";

/**
 * The two answers to a request that waits on someone (a transfer, an invitation): turn it down, or let it
 * through. Side by side and full width on phones, at the end of the row from tablets up.
 */
export function DecideButtons({
  no,
  yes,
  ...row
}: {
  no: { label: string; onClick: () => void };
  yes: { label: string; onClick: () => void };
} & StackProps) {
  return (
    <HStack gap="2" justify={{ base: "stretch", md: "flex-end" }} {...row}>
      <DangerButton flex={{ base: "1", md: "initial" }} onClick={no.onClick}>
        <LuX /> {no.label}
      </DangerButton>
      <Button flex={{ base: "1", md: "initial" }} size="sm" colorPalette="green" onClick={yes.onClick}>
        <LuCheck /> {yes.label}
      </Button>
    </HStack>
  );
}
