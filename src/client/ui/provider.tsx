// Chakra UI provider for the whole client, the colour-mode choice, and the single toast region.
import { ChakraProvider } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ColorModeProvider } from "./color-mode";
import { system } from "./theme";
import { Toaster } from "./toaster";

export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        {children}
        <Toaster />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
