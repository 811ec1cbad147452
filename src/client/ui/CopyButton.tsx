import { Button, type ButtonProps } from "@chakra-ui/react";
import { useState } from "react";
import { LuCheck, LuCopy } from "react-icons/lu";
import { showToast } from "./toaster";

/**
 * `copy()` puts `text` on the clipboard and `copied` is true for a moment after; when the browser refuses, a toast
 * asks to select the `what` ("text", "code") and copy it by hand.
 */
export function useCopy(text: string, what: string) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      showToast({ title: "Couldn't copy", description: `Select the ${what} and copy it by hand.` });
    }
  };
  return { copied, copy };
}

/**
 * Copies `text`, says `copiedLabel` for a moment (announced to screen readers), and asks for a manual copy when
 * the browser refuses.
 */
export function CopyButton({
  text,
  label,
  copiedLabel = "Copied",
  ...button
}: { text: string; label: string; copiedLabel?: string } & ButtonProps) {
  const { copied, copy } = useCopy(text, "text");
  return (
    <Button size="sm" variant="outline" bg="bg.panel" onClick={() => void copy()} {...button}>
      {copied ? <LuCheck /> : <LuCopy />} <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
