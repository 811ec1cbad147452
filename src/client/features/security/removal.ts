import { showFailure } from "../../ui/failureToast";
import { showToast } from "../../ui/toaster";

/**
 * A removal's mutation options (a linked account, a passkey): its confirmation closes either way, then a toast
 * says it is gone, or why it could not be removed.
 */
export function removalOutcome(close: () => void, removed: string, failed: string) {
  return {
    onSuccess: () => {
      close();
      showToast({ title: removed, variant: "success" });
    },
    onError: (failure: unknown) => {
      close();
      showFailure("Error", failure, failed);
    },
  };
}
