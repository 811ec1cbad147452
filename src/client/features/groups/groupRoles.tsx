// What the group people card and its invite dialog share: the refusals shown as the server words them, and each
// group role's badge colour and select options.
import { GROUP_ROLE_LABELS, type GroupRole } from "../../../shared/constants";
import { ErrorReason } from "../../../shared/errorCodes";
import { apiErrorCause } from "../../trpc";

/** The refusals whose own words say what to do: shown as the server gave them. */
const EXPLAINED = new Set<string>([
  ErrorReason.GROUP_ROLE_NOT_YOURS_TO_GIVE,
  ErrorReason.LAST_GROUP_OWNER,
  ErrorReason.GROUP_MEMBER_NOT_FOUND,
  ErrorReason.ALREADY_IN_GROUP,
  ErrorReason.EMAIL_IN_USE,
  ErrorReason.INVITATION_PENDING,
]);

/** The server's explanation of a refusal, when it has one worth showing as it is. */
export function groupRefusal(error: unknown): string | null {
  const cause = apiErrorCause(error);
  return cause && EXPLAINED.has(cause) && error instanceof Error ? error.message : null;
}

export const GROUP_ROLE_PALETTE: Record<GroupRole, string> = {
  group_owner: "purple",
  group_manager: "blue",
  group_staff: "gray",
};

export const groupRoleOptions = (roles: readonly GroupRole[]) =>
  roles.map((value) => ({ value, label: GROUP_ROLE_LABELS[value] }));
