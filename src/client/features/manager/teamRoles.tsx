// The dealership roles as the team members card and its invite dialog show them: which refusals are shown as the
// server words them, and each role's badge colour.
import { DEALERSHIP_ROLE_LABELS, DEALERSHIP_ROLES, type DealershipRole } from "../../../shared/constants";
import { ErrorReason } from "../../../shared/errorCodes";
import { type RoleSet, refusalOf } from "../../ui/roles";

export const TEAM_ROLES: RoleSet<DealershipRole> = {
  all: DEALERSHIP_ROLES,
  labels: DEALERSHIP_ROLE_LABELS,
  palette: { owner: "purple", manager: "blue", staff: "gray" },
  refusal: refusalOf([
    ErrorReason.ROLE_NOT_YOURS_TO_GIVE,
    ErrorReason.LAST_OWNER,
    ErrorReason.MEMBER_NOT_FOUND,
    ErrorReason.ALREADY_MEMBER,
    ErrorReason.EMAIL_IN_USE,
  ]),
};
