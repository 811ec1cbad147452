import { showFailure } from "./failureToast";
import { showToast } from "./toaster";

/**
 * The ends of a decision's mutation (a transfer, an application): close its dialog and say how it went, then
 * refresh what it changed. The refresh runs after a failure too, since a refused request has usually moved on
 * (decided or withdrawn by someone else).
 */
export function mutationOutcome<R>({
  close,
  closeOnFailure = false,
  success,
  failure,
  refresh,
}: {
  close: () => void;
  /** A confirmation closes either way; a decision dialog stays open to try again. */
  closeOnFailure?: boolean;
  success: (result: R) => { title: string; description: string };
  failure: { title: string; fallback: string };
  refresh: () => Promise<unknown>;
}) {
  return {
    onSuccess: async (result: R) => {
      close();
      showToast({ ...success(result), variant: "success" });
      await refresh();
    },
    onError: async (error: unknown) => {
      if (closeOnFailure) close();
      showFailure(failure.title, error, failure.fallback);
      await refresh();
    },
  };
}

/**
 * A decision dialog's mutation (an application, a transfer): close the dialog and say what was decided, or keep
 * it open to try again; refresh the queue either way.
 */
export function decisionOutcome<R>(
  dialog: { setOpen: (open: boolean) => void },
  success: (result: R) => { title: string; description: string },
  refresh: () => Promise<unknown>,
) {
  return mutationOutcome({
    close: () => dialog.setOpen(false),
    success,
    failure: { title: "Decision failed", fallback: "Failed to save the decision. Please try again." },
    refresh,
  });
}
