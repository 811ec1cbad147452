// What the team members card and its invite dialog share: which refusals are shown as the server words them, and each
// role's badge colour and select options.
import { DEALERSHIP_ROLE_LABELS, type DealershipRole } from "../../../shared/constants";
import { ErrorReason } from "../../../shared/errorCodes";
import { apiErrorCause } from "../../trpc";

/** The refusals whose own words say what to do: shown as the server gave them. */
const EXPLAINED = new Set<string>([
  ErrorReason.ROLE_NOT_YOURS_TO_GIVE,
  ErrorReason.LAST_OWNER,
  ErrorReason.MEMBER_NOT_FOUND,
  ErrorReason.ALREADY_MEMBER,
  ErrorReason.EMAIL_IN_USE,
]);

/** The server's explanation of a refusal, when it has one worth showing as it is. */
export function refusal(error: unknown): string | null {
  const cause = apiErrorCause(error);
  return cause && EXPLAINED.has(cause) && error instanceof Error ? error.message : null;
}

export const ROLE_PALETTE: Record<DealershipRole, string> = {
  owner: "purple",
  manager: "blue",
  staff: "gray",
};

export const roleOptions = (roles: readonly DealershipRole[]) =>
  roles.map((value) => ({ value, label: DEALERSHIP_ROLE_LABELS[value] }));
