import { Link as ChakraLink, type LinkProps } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";

/** A dealership's name as a link to its public page (/dealerships/$slug). */
export function DealershipLink({
  slug,
  name,
  ...style
}: { slug: string; name: string } & Omit<LinkProps, "asChild" | "href">) {
  return (
    <ChakraLink
      asChild
      color="inherit"
      _hover={{ color: "blue.700", textDecoration: "underline" }}
      {...style}
    >
      <Link to="/dealerships/$slug" params={{ slug }}>
        {name}
      </Link>
    </ChakraLink>
  );
}
