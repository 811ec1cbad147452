import { Dialog } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ConfirmActions, DialogFrame } from "./dialog";

/**
 * The confirmation dialog of docs/product/interface.md#dialogs: says what will happen, and does it only after an explicit second
 * click. Used for irreversible changes (deleting a block, closing an appointment as completed or no-show).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  palette = "red",
  isPending,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  palette?: "red" | "green" | "orange" | "blue";
  isPending: boolean;
  onConfirm: () => void;
  /** Options of the action, shown under the description (e.g. a checkbox). */
  children?: ReactNode;
}) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} layout="card" size="sm" alert busy={isPending}>
      <Dialog.Header pe="12">
        <Dialog.Title fontSize="lg" color="ink">
          {title}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body display="flex" flexDirection="column" gap="4">
        <Dialog.Description color="fg.muted">{description}</Dialog.Description>
        {children}
      </Dialog.Body>
      <ConfirmActions
        plain
        onCancel={() => onOpenChange(false)}
        cancelLabel="Go back"
        confirmLabel={confirmLabel}
        pendingLabel={pendingLabel}
        pending={isPending}
        palette={palette}
        onConfirm={onConfirm}
      />
    </DialogFrame>
  );
}
