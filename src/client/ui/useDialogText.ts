import { useEffect, useState } from "react";

/**
 * What is typed in a dialog that asks for one text (a reason, a reply), and whether sending was tried while it
 * was empty (then the field shows its error). Both start afresh each time the dialog opens.
 */
export function useDialogText(open: boolean) {
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (open) {
      setText("");
      setMissing(false);
    }
  }, [open]);
  return { text, setText, missing, setMissing };
}
