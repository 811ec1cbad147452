import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * Frame of the review, contact and report dialogs: a full-height sheet on phones (long forms scroll
 * under a footer that stays in view) and a centred panel from tablets up.
 */
export function FormDialog({
  open,
  onOpenChange,
  children,
  size = "lg",
  label,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  size?: "md" | "lg";
  /** Accessible name when the dialog has no Dialog.Title (the title normally names it). */
  label?: string;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement={{ mdDown: "top", md: "center" }}
      size={{ mdDown: "full", md: size }}
      scrollBehavior={{ mdDown: "outside", md: "inside" }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius={{ md: "xl" }} aria-label={label}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function FormDialogHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <Dialog.Header flexDirection="column" gap="1" pe="12">
      <Dialog.Title fontSize="lg" color="ink">
        {title}
      </Dialog.Title>
      {subtitle ? (
        <Dialog.Description color="fg.muted" fontSize="sm">
          {subtitle}
        </Dialog.Description>
      ) : null}
    </Dialog.Header>
  );
}

/** The dialog's actions; on phones they stay in view at the bottom while the form scrolls. */
export function FormDialogActions({ children }: { children: ReactNode }) {
  return (
    <Dialog.Footer
      borderTopWidth="1px"
      borderColor="border.muted"
      pt="4"
      gap="3"
      bg="bg.panel"
      position={{ mdDown: "sticky" }}
      bottom="0"
      zIndex="1"
    >
      {children}
    </Dialog.Footer>
  );
}
