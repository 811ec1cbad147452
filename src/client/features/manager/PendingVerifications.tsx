// Registrations with the dealership that its manager has not confirmed yet: confirm, or reject (the
// salesperson becomes independent).
import { Stack, Text } from "@chakra-ui/react";
import { LuUserCheck, LuUserX } from "react-icons/lu";
import type { TeamMember } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { ActionRow } from "../../ui/ActionRow";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { mediumDate } from "../../ui/format";
import { toastOutcome } from "../../ui/mutationToasts";
import { SectionCard } from "../../ui/SectionCard";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { Person } from "./TeamTable";
import { WaitingList } from "./WaitingList";

/** Everything a team change touches: the lists, the figures and the plan. */
export function useTeamRefresh() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.manager.team.invalidate(),
      utils.manager.pendingVerifications.invalidate(),
      utils.manager.invitations.invalidate(),
      utils.manager.overview.invalidate(),
      utils.manager.performance.invalidate(),
    ]);
}

/** Registrations with the dealership that its manager has not confirmed yet: confirm, or reject (independent). */
export function PendingVerifications() {
  const pending = trpc.manager.pendingVerifications.useQuery();
  return (
    <WaitingList query={pending} height="20" failure="We couldn't load pending verifications">
      {(waiting) => <VerificationList pending={waiting} />}
    </WaitingList>
  );
}

function VerificationList({ pending }: { pending: TeamMember[] }) {
  const refresh = useTeamRefresh();
  const verify = trpc.portal.verify.useMutation();
  const reject = trpc.manager.rejectSalesperson.useMutation();
  const rejecting = useDialogSubject<TeamMember>();

  const confirm = (member: TeamMember) =>
    verify.mutate(
      { salespersonId: member.id, verified: true },
      toastOutcome(
        {
          title: "Salesperson verified",
          description: `${member.name}'s profile now says 'Verified by' your dealership.`,
        },
        "Couldn't verify the salesperson",
        refresh,
      ),
    );

  return (
    <SectionCard
      title={`Pending verifications (${pending.length})`}
      label="Pending verifications"
      description="These salespeople registered with your dealership. Confirm the ones who work for you; a rejected registration becomes an independent profile."
      borderColor="yellow.300"
    >
      <Stack as="ul" listStyleType="none" gap="3">
        {pending.map((member) => (
          <ActionRow
            key={member.id}
            answers={[
              {
                label: "Confirm",
                icon: <LuUserCheck />,
                ariaLabel: `Confirm ${member.name}`,
                palette: "green",
                loading: verify.isPending && verify.variables?.salespersonId === member.id,
                loadingText: "Confirming",
                onClick: () => confirm(member),
              },
              {
                label: "Reject",
                icon: <LuUserX />,
                ariaLabel: `Reject ${member.name}`,
                palette: "red",
                onClick: () => rejecting.show(member),
              },
            ]}
          >
            <Person member={member} />
            <Text fontSize="xs" color="fg.muted" ps="11">
              Registered {mediumDate.format(new Date(member.createdAt))}
            </Text>
          </ActionRow>
        ))}
      </Stack>
      <ConfirmDialog
        open={rejecting.open}
        onOpenChange={rejecting.setOpen}
        title="Reject this registration?"
        description={`${rejecting.subject?.name ?? "This salesperson"} will no longer be listed with your dealership. Their profile stays on KnowBefore as an independent salesperson.`}
        confirmLabel="Reject"
        pendingLabel="Rejecting"
        isPending={reject.isPending}
        onConfirm={() => {
          const subject = rejecting.subject;
          if (!subject) return;
          reject.mutate(
            { salespersonId: subject.id },
            toastOutcome(
              {
                title: "Registration rejected",
                description: `${subject.name} is now an independent salesperson.`,
              },
              "Couldn't reject the registration",
              () => {
                rejecting.setOpen(false);
                return refresh();
              },
            ),
          );
        }}
      />
    </SectionCard>
  );
}
