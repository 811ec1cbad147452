// Salespeople on the dealership that its manager has not confirmed yet (they registered with it, or arrived by
// transfer): confirm, or reject (the salesperson becomes independent). An accepted invitation is itself the
// confirmation, so invited salespeople never wait here (docs/teams.md).

import { Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { LuUserCheck, LuUserX } from "react-icons/lu";
import type { TeamMember } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { mediumDate } from "../../ui/format";
import { toastOutcome } from "../../ui/mutationToasts";
import { ApprovalQueue } from "./ApprovalQueue";
import { managerQueries } from "./queries";
import { Person } from "./TeamTable";
import { WaitingList } from "./WaitingList";

/** The team's lists, figures and plan, after a change whose own refresh (refreshes.ts) does not reach them. */
export function useTeamRefresh() {
  const utils = trpc.useUtils();
  return () => utils.manager.invalidate();
}

/** Salespeople its manager has not confirmed yet: confirm, or reject (independent). */
export function PendingVerifications() {
  const { data } = useSuspenseQuery(managerQueries.pendingVerifications());
  return <WaitingList items={data}>{(waiting) => <VerificationList pending={waiting} />}</WaitingList>;
}

function VerificationList({ pending }: { pending: TeamMember[] }) {
  const verify = trpc.portal.verify.useMutation();
  const reject = trpc.manager.rejectSalesperson.useMutation();
  return (
    <ApprovalQueue
      title="Pending verifications"
      description="These salespeople registered with your dealership or transferred to it. Confirm the ones who work for you; a rejected registration becomes an independent profile. Salespeople who accept your invitation are confirmed by it and don't wait here."
      items={pending}
      accept={(member) => ({
        label: "Confirm",
        icon: <LuUserCheck />,
        ariaLabel: `Confirm ${member.name}`,
        loading: verify.isPending && verify.variables?.salespersonId === member.id,
        loadingText: "Confirming",
        onClick: () =>
          verify.mutate(
            { salespersonId: member.id, verified: true },
            toastOutcome(
              {
                title: "Salesperson verified",
                description: `${member.name}'s profile now says 'Verified by' your dealership.`,
              },
              "Couldn't verify the salesperson",
            ),
          ),
      })}
      reject={{
        icon: <LuUserX />,
        ariaLabel: (member) => `Reject ${member.name}`,
        dialogTitle: "Reject this registration?",
        dialogDescription: (member) =>
          `${member?.name ?? "This salesperson"} will no longer be listed with your dealership. Their profile stays on KnowBefore as an independent salesperson.`,
        isPending: reject.isPending,
        run: (member, close) =>
          reject.mutate(
            { salespersonId: member.id },
            toastOutcome(
              {
                title: "Registration rejected",
                description: `${member.name} is now an independent salesperson.`,
              },
              "Couldn't reject the registration",
              close,
            ),
          ),
      }}
    >
      {(member) => (
        <>
          <Person member={member} />
          <Text fontSize="xs" color="fg.muted" ps="11">
            Registered {mediumDate.format(new Date(member.createdAt))}
          </Text>
        </>
      )}
    </ApprovalQueue>
  );
}
