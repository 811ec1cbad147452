// What the Contact and Rate buttons on a browse card do (docs/product/messaging.md#contacting-a-salesperson, docs/product/reviews.md#who-may-rate).
import type { SessionUser } from "../../../shared/schemas/auth";

export function callSalesperson(phoneNumber: string | null | undefined): void {
  if (phoneNumber && phoneNumber.trim().length > 0) {
    window.location.href = `tel:${phoneNumber.replace(/[^\d+]/g, "")}`;
    return;
  }
  window.alert("Phone number not available for this salesperson");
}

/** Signed-out visitors get the spec's alert; only customers can rate. */
export function canStartRating(viewer: SessionUser | null): boolean {
  if (!viewer) {
    window.alert("Please sign in to rate salespeople");
    return false;
  }
  return viewer.role === "customer";
}
