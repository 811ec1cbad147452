import { Badge } from "@chakra-ui/react";
import type { IconType } from "react-icons";
import { LuBadgeCheck, LuCircleHelp, LuShoppingBag } from "react-icons/lu";
import type { ReviewVerification } from "../../../shared/purchases";
import { reviewBadgeLabel, type VisitEvidence } from "../../../shared/visits";

/** How each kind of badge looks (the server decides which: reviews/verification.ts; the words: shared/visits.ts). */
const LOOKS: Record<ReviewVerification, { palette: "green" | "blue" | "gray"; icon: IconType }> = {
  purchase: { palette: "blue", icon: LuShoppingBag },
  visit: { palette: "green", icon: LuBadgeCheck },
  unconfirmed: { palette: "gray", icon: LuCircleHelp },
};

export function VerificationBadge({
  verification,
  visitEvidence,
}: {
  verification: ReviewVerification;
  visitEvidence: VisitEvidence | null;
}) {
  const look = LOOKS[verification];
  return (
    <Badge colorPalette={look.palette} variant="subtle" borderRadius="full" size="sm">
      <look.icon aria-hidden /> {reviewBadgeLabel(verification, visitEvidence)}
    </Badge>
  );
}
