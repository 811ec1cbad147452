// The frame, heading and footer every dialog shares. Long forms open as a full-height sheet on phones (the
// form scrolls under a footer that stays in view) and a centred panel from tablets up; short ones stay a
// centred card everywhere.
import { Button, Center, CloseButton, Dialog, Portal, Spinner } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useId } from "react";
import { LuLogIn } from "react-icons/lu";
import { showToast } from "./toaster";

type DialogSize = "sm" | "md" | "lg";

/** Whether a dialog is open, and how it asks to close: the props every dialog takes. */
export type DialogControl = { open: boolean; onOpenChange: (open: boolean) => void };

export function DialogFrame({
  open,
  onOpenChange,
  children,
  layout = "sheet",
  size = layout === "sheet" ? "lg" : "md",
  scrollInside = false,
  label,
  alert = false,
  busy = false,
}: DialogControl & {
  children: ReactNode;
  /** "sheet": full screen on phones, for forms; "card": a centred card everywhere, for short content. */
  layout?: "sheet" | "card";
  size?: DialogSize;
  /** A card whose body scrolls inside it rather than with the page. */
  scrollInside?: boolean;
  /** Accessible name when the dialog has no Dialog.Title (the title normally names it). */
  label?: string;
  /** An alertdialog: asks before something that can't be undone. */
  alert?: boolean;
  /** While an action runs the dialog can't be closed. */
  busy?: boolean;
}) {
  const sheet = layout === "sheet";
  return (
    <Dialog.Root
      role={alert ? "alertdialog" : undefined}
      open={open}
      onOpenChange={(e) => {
        if (!busy) onOpenChange(e.open);
      }}
      // Full screen from the top on phones: a centred panel taller than the screen would clip its header.
      placement={sheet ? { mdDown: "top", md: "center" } : "center"}
      size={sheet ? { mdDown: "full", md: size } : size}
      scrollBehavior={sheet ? { mdDown: "outside", md: "inside" } : scrollInside ? "inside" : undefined}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={sheet ? undefined : "4"}>
          <Dialog.Content borderRadius={sheet ? { md: "xl" } : "xl"} aria-label={label}>
            {children}
            <Dialog.CloseTrigger asChild disabled={busy || undefined}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export function DialogHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
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

/**
 * The dialog's actions. On phones a sheet's footer stays in view at the bottom while the form scrolls;
 * `plain` is the bare footer of a card. `stack` puts two long labels on top of each other on a phone.
 */
export function DialogActions({
  children,
  plain = false,
  stack = false,
}: {
  children: ReactNode;
  plain?: boolean;
  stack?: boolean;
}) {
  if (plain) return <Dialog.Footer>{children}</Dialog.Footer>;
  return (
    <Dialog.Footer
      // The main action on top when stacked.
      flexDirection={stack ? { base: "column-reverse", sm: "row" } : undefined}
      alignItems={stack ? { base: "stretch", sm: "center" } : undefined}
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

/**
 * The usual pair of buttons: a quiet way out, and the action, which shows its progress and can't be
 * pressed twice. With `onConfirm` the action calls it; without, it submits its form (`form` names one
 * the button is not inside).
 */
type CancelAndConfirmProps = {
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: string;
  /** An icon before the action's label. */
  confirmIcon?: ReactNode;
  pendingLabel: string;
  pending: boolean;
  palette?: "blue" | "red" | "green" | "orange";
  form?: string;
  onConfirm?: () => void;
  disabled?: boolean;
};

function CancelAndConfirm({
  onCancel,
  cancelLabel = "Cancel",
  confirmLabel,
  confirmIcon,
  pendingLabel,
  pending,
  palette = "blue",
  form,
  onConfirm,
  disabled,
}: CancelAndConfirmProps) {
  return (
    <>
      <Button variant="ghost" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? "button" : "submit"}
        form={form}
        colorPalette={palette}
        loading={pending}
        loadingText={pendingLabel}
        onClick={onConfirm}
        disabled={disabled}
      >
        {confirmIcon ? (
          <>
            {confirmIcon} {confirmLabel}
          </>
        ) : (
          confirmLabel
        )}
      </Button>
    </>
  );
}

/** The footer with the usual pair of buttons; `children` go before them (e.g. the chosen time). */
export function ConfirmActions({
  children,
  plain,
  stack,
  ...buttons
}: CancelAndConfirmProps & { children?: ReactNode; plain?: boolean; stack?: boolean }) {
  return (
    <DialogActions plain={plain} stack={stack}>
      {children}
      <CancelAndConfirm {...buttons} />
    </DialogActions>
  );
}

/**
 * A form dialog's body and footer: the fields, then Cancel and the submit button, which submits the form
 * from the footer (so it stays in view while a long form scrolls). `aside` sits beside the buttons.
 */
export function DialogForm({
  label,
  onSubmit,
  onCancel,
  submit,
  aside,
  plain,
  children,
}: {
  /** The form's accessible name. */
  label?: string;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  submit: Omit<CancelAndConfirmProps, "onCancel" | "form" | "onConfirm">;
  aside?: ReactNode;
  plain?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <Dialog.Body>
        <form id={id} onSubmit={onSubmit} noValidate aria-label={label}>
          {children}
        </form>
      </Dialog.Body>
      <ConfirmActions onCancel={onCancel} form={id} plain={plain} {...submit}>
        {aside}
      </ConfirmActions>
    </>
  );
}

/** A dialog body that is waiting for what it needs to show. */
export function DialogLoading({ label = "Loading" }: { label?: string }) {
  return (
    <Dialog.Body>
      <Center py="16" role="status" aria-busy="true" aria-label={label}>
        <Spinner color="blue.solid" />
      </Center>
    </Dialog.Body>
  );
}

/** "Not now", and "Sign In" for what needs an account (`signIn={false}` when signing in again won't help). */
export function SignInActions({
  onClose,
  plain = false,
  signIn = true,
}: {
  onClose: () => void;
  plain?: boolean;
  signIn?: boolean;
}) {
  return (
    <DialogActions plain={plain}>
      <Button variant="ghost" onClick={onClose}>
        Not now
      </Button>
      {signIn ? (
        <Button asChild colorPalette="blue">
          <Link to="/login">
            <LuLogIn /> Sign In
          </Link>
        </Button>
      ) : null}
    </DialogActions>
  );
}

/** A dialog's change went through: say so, close the dialog, then refresh what the change touched. */
export async function closeWithSuccess(
  onClose: () => void,
  toast: { title: string; description: string },
  refresh?: () => Promise<unknown>,
): Promise<void> {
  showToast({ ...toast, variant: "success" });
  onClose();
  await refresh?.();
}

/**
 * A whole form dialog: the frame, its heading, the fields and the footer whose action submits them. While
 * `pending` the dialog can't be closed and the action can't be pressed again (nor while `disabled`); `onCancel`
 * (Cancel, Escape, the close button) defaults to closing it.
 */
export function FormDialog({
  open,
  onOpenChange,
  onCancel = () => onOpenChange(false),
  title,
  subtitle,
  label,
  onSubmit,
  confirmLabel,
  confirmIcon,
  pendingLabel,
  pending,
  disabled = false,
  children,
}: DialogControl & {
  onCancel?: () => void;
  title: string;
  subtitle?: ReactNode;
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <DialogFrame open={open} onOpenChange={(next) => (next ? onOpenChange(true) : onCancel())} busy={pending}>
      <DialogHeading title={title} subtitle={subtitle} />
      <DialogForm
        label={label}
        onSubmit={onSubmit}
        onCancel={onCancel}
        submit={{ confirmLabel, confirmIcon, pendingLabel, pending, disabled: disabled || pending }}
      >
        {children}
      </DialogForm>
    </DialogFrame>
  );
}
