// Toasts per docs/product/interface.md#toasts: one visible at a time, 5000 ms by default, a close button on each,
// and the spec's two variants (default, destructive) plus a green success flavour of default.
// The store and the region that draws toasts load with the first toast, so pages that never show one (most
// visits to the landing page) download neither the store nor its state machine.
import { lazy, Suspense, useEffect, useState } from "react";

export type ToastVariant = "default" | "success" | "destructive";

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
};

const typeByVariant = { default: "info", success: "success", destructive: "error" } as const;

const loadStore = () => import("./toastStore");

/** Whether a toast was asked for yet, and who to tell when the first one is. */
let requested = false;
let onFirstToast: (() => void) | null = null;

/** Shows a toast, replacing whatever toast is on screen (the spec allows one at a time). */
export function showToast({ title, description, variant = "default", duration }: ToastMessage): void {
  requested = true;
  onFirstToast?.();
  // Toasts asked for while the store loads are shown in the order they were asked for.
  void loadStore().then(({ toaster, TOAST_DURATION_MS }) => {
    toaster.dismiss();
    toaster.create({
      title,
      description,
      type: typeByVariant[variant],
      duration: duration ?? TOAST_DURATION_MS,
      closable: true,
    });
  });
}

const ToastRegion = lazy(() => import("./ToastRegion"));

export function Toaster() {
  const [needed, setNeeded] = useState(requested);
  useEffect(() => {
    if (needed) return;
    // The region picks up toasts already in the store when it mounts, so none is lost while it loads.
    onFirstToast = () => setNeeded(true);
    if (requested) setNeeded(true);
    return () => {
      onFirstToast = null;
    };
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  ) : null;
}
