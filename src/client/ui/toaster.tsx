// Toasts per SPEC.md section 9: one visible at a time, 5000 ms by default, a close button on each,
// and the spec's two variants (default, destructive) plus a green success flavour of default.
// The toast store is tiny and always here; the region that draws toasts loads with the first toast, so
// pages that never show one (most visits to the landing page) don't download its state machine.
import { createToaster } from "@chakra-ui/react";
import { lazy, Suspense, useEffect, useState } from "react";

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

const ToastRegion = lazy(() => import("./ToastRegion"));

export function Toaster() {
  const [needed, setNeeded] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (needed) return;
    // The region picks up toasts already in the store when it mounts, so none is lost while it loads.
    return toaster.subscribe(() => setNeeded(true));
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
