// Who gives which role (docs/product/dealerships.md#the-team-and-its-roles, docs/product/dealer-groups.md): a
// team's owners give every team role and its managers staff; a group's owners every group role and its managers
// group staff. The same holds for inviting to a role, changing to or from one, and resending or revoking an
// invitation to one.
import {
  type DealershipRole,
  type GroupRole,
  groupRolesToGive,
  rolesToGive,
} from "../../../shared/constants";
import type { ErrorReason } from "../../../shared/errors";
import { appError } from "../../appError";

/** Refuses (403) with `message` unless `role` is among the roles the caller's own role gives. */
function refuseUngiven<R extends string>(
  given: readonly R[],
  role: R,
  message: string,
  reason: ErrorReason,
): void {
  if (!given.includes(role)) throw appError("FORBIDDEN", message, reason);
}

/** Refuses (403) a dealership lead whose role does not give `role`. */
export function refuseTeamRole(callerRole: DealershipRole | null, role: DealershipRole): void {
  refuseUngiven(
    rolesToGive(callerRole),
    role,
    "Only the dealership's owners give, change or take away the owner and manager roles.",
    "ROLE_NOT_YOURS_TO_GIVE",
  );
}

/** Refuses (403) a group member whose group role does not give `role`. */
export function refuseGroupRole(callerRole: GroupRole | null, role: GroupRole): void {
  refuseUngiven(
    groupRolesToGive(callerRole),
    role,
    "Only the group's owners give, change or take away the group owner and group manager roles.",
    "GROUP_ROLE_NOT_YOURS_TO_GIVE",
  );
}
