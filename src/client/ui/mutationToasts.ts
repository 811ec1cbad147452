// What an action says when its mutation finishes: a success toast, then whatever must follow (closing a
// dialog, refetching what it changed); or a failure toast with the server's reason when it gives one.
import { apiErrorMessage } from "../trpc";
import { showToast } from "./toaster";

type Toast = { title: string; description: string };

/** A mutation's `onSuccess`/`onError` options: `success` toasted then `after` awaited, or `failureTitle` toasted. */
export function toastOutcome(success: Toast, failureTitle: string, after?: () => unknown) {
  return {
    onSuccess: async () => {
      showToast({ ...success, variant: "success" });
      await after?.();
    },
    onError: (error: unknown) =>
      showToast({
        title: failureTitle,
        description: apiErrorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  };
}
