// The group roles as the group people card and its invite dialog show them: which refusals are shown as the server
// words them, and each group role's badge colour.
import { GROUP_ROLE_LABELS, GROUP_ROLES, type GroupRole } from "../../../shared/constants";
import { ErrorReason } from "../../../shared/errorCodes";
import { type RoleSet, refusalOf } from "../../ui/roles";

export const GROUP_ROLE_SET: RoleSet<GroupRole> = {
  all: GROUP_ROLES,
  labels: GROUP_ROLE_LABELS,
  palette: { group_owner: "purple", group_manager: "blue", group_staff: "gray" },
  refusal: refusalOf([
    ErrorReason.GROUP_ROLE_NOT_YOURS_TO_GIVE,
    ErrorReason.LAST_GROUP_OWNER,
    ErrorReason.GROUP_MEMBER_NOT_FOUND,
    ErrorReason.ALREADY_IN_GROUP,
    ErrorReason.EMAIL_IN_USE,
    ErrorReason.INVITATION_PENDING,
  ]),
};

export const GROUP_ROLE_PALETTE = GROUP_ROLE_SET.palette;
