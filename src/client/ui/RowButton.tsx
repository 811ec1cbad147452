import { chakra } from "@chakra-ui/react";

/**
 * A list row that is one button (a conversation, a notification): full width, its picture and text side by
 * side, and a focus ring drawn inside the row so the list's edges don't clip it.
 */
export const RowButton = chakra("button", {
  base: {
    w: "full",
    textAlign: "start",
    display: "flex",
    gap: "3",
    alignItems: "flex-start",
    px: "4",
    py: "3",
    _focusVisible: { outline: "2px solid", outlineColor: "blue.500", outlineOffset: "-2px" },
  },
});
