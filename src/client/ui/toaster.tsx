// Toasts per SPEC.md section 9: one visible at a time, 5000 ms by default, a close button on each,
// and the spec's two variants (default, destructive) plus a green success flavour of default.
import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from "@chakra-ui/react";

export const TOAST_DURATION_MS = 5000;

export const toaster = createToaster({
  placement: "bottom-end",
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

export type ToastVariant = "default" | "success" | "destructive";

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
};

const typeByVariant = { default: "info", success: "success", destructive: "error" } as const;

/** Shows a toast, replacing whatever toast is on screen (the spec allows one at a time). */
export function showToast({ title, description, variant = "default", duration }: ToastMessage): void {
  toaster.dismiss();
  toaster.create({
    title,
    description,
    type: typeByVariant[variant],
    duration: duration ?? TOAST_DURATION_MS,
    closable: true,
  });
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width="full" maxWidth={{ md: "420px" }} minWidth={{ md: "sm" }}>
            {toast.type === "info" ? null : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger aria-label="Close notification" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
