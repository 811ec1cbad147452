// Chakra UI provider for the whole client, plus the single toast region.
// The product ships a light theme only, so no colour-mode provider is mounted.
import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { system } from "./theme";
import { Toaster } from "./toaster";

export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
