import { Text, type TextProps } from "@chakra-ui/react";

/** The small uppercase label above a page or section title ("Manager dashboard", "Enterprise"). */
export function Eyebrow(props: TextProps) {
  return (
    <Text
      fontSize="xs"
      fontWeight="semibold"
      color="blue.700"
      letterSpacing="0.06em"
      textTransform="uppercase"
      {...props}
    />
  );
}
