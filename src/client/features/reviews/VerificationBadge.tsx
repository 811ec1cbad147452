import { Badge } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import { LuBadgeCheck, LuShoppingBag } from "react-icons/lu";
import type { ReviewVerification } from "../../../shared/purchases";

/** Each badge a review can carry (the server decides which: reviews/verification.ts). */
const BADGES: Record<ReviewVerification, { label: string; palette: "green" | "blue"; icon: IconType }> = {
  purchase: { label: "Verified purchase", palette: "blue", icon: LuShoppingBag },
  visit: { label: "Verified visit", palette: "green", icon: LuBadgeCheck },
};

export function VerificationBadge({ verification }: { verification: ReviewVerification }) {
  const badge = BADGES[verification];
  return (
    <Badge colorPalette={badge.palette} variant="subtle" borderRadius="full" size="sm">
      <badge.icon aria-hidden /> {badge.label}
    </Badge>
  );
}
