// Router-aware versions of Chakra's Link, so typed routes and Chakra styling work together.
import { Link as ChakraLink } from "@chakra-ui/react";
import { createLink } from "@tanstack/react-router";

/** A Chakra text link that navigates with TanStack Router (`to` is type-checked against the route tree). */
export const TextLink = createLink(ChakraLink);
