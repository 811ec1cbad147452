import { apiErrorMessage } from "../trpc";
import { showToast } from "./toaster";

/** A failed action's toast: the server's message when it has one a person can read, else `fallback`. */
export function showFailure(title: string, error: unknown, fallback = "Please try again."): void {
  showToast({ title, description: apiErrorMessage(error, fallback), variant: "destructive" });
}
