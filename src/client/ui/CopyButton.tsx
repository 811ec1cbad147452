import { Button, type ButtonProps } from "@chakra-ui/react";
import { useState } from "react";
import { LuCheck, LuCopy } from "react-icons/lu";
import { showToast } from "./toaster";

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
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      showToast({ title: "Couldn't copy", description: "Select the text and copy it by hand." });
    }
  };
  return (
    <Button size="sm" variant="outline" bg="bg.panel" onClick={() => void copy()} {...button}>
      {copied ? <LuCheck /> : <LuCopy />} <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
