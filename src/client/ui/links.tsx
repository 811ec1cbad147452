// Router-aware versions of Chakra's Link, so typed routes and Chakra styling work together.
import { Button, type ButtonProps, Link as ChakraLink } from "@chakra-ui/react";
import { createLink, Link } from "@tanstack/react-router";

/** A Chakra text link that navigates with TanStack Router (`to` is type-checked against the route tree). */
export const TextLink = createLink(ChakraLink);

/** The way back to the home page as a button: "Back to home" unless `children` words it otherwise. */
export function HomeButton({ children = "Back to home", ...button }: ButtonProps) {
  return (
    <Button asChild {...button}>
      <Link to="/">{children}</Link>
    </Button>
  );
}
