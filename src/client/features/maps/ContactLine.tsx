import { HStack, Icon, type StackProps, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

/** One line of a dealership's contact details after its icon (the address, the phone, the website). */
export function ContactLine({
  icon: LineIcon,
  children,
  ...line
}: { icon: IconType; children: ReactNode } & StackProps) {
  return (
    <HStack align="flex-start" gap="2" minW="0" {...line}>
      <Icon boxSize="4" mt="0.5" color="fg.muted" flexShrink={0}>
        <LineIcon />
      </Icon>
      {children}
    </HStack>
  );
}

/** A dealership's street address over its city, state and ZIP code. */
export function PostalAddress({
  place,
}: {
  place: { address: string; city: string; state: string; zipCode: string };
}) {
  return (
    <Text as="address" fontStyle="normal">
      {place.address}
      <br />
      {place.city}, {place.state} {place.zipCode}
    </Text>
  );
}

/** A `tel:` link's target: the digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
