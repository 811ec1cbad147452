// Certifications waiting for verification: a manager's team's (Sales Team tab), or, in the administrators'
// console, independent salespeople's. Verify puts the badge on the profile; Reject deletes the certification
// and tells the salesperson (docs/product/dealerships.md#verifying-certifications).
import { Stack, Text } from "@chakra-ui/react";
import { LuBadgeCheck, LuX } from "react-icons/lu";
import type { PendingCertification } from "../../../shared/schemas/certifications";
import { trpc } from "../../trpc";
import { ActionRow } from "../../ui/ActionRow";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toastOutcome } from "../../ui/mutationToasts";
import { SectionCard } from "../../ui/SectionCard";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { CertificationLines } from "../salespeople/CertificationLines";
import { WaitingList } from "./WaitingList";

export function CertificationQueue({ description }: { description: string }) {
  const pending = trpc.certifications.pending.useQuery();
  return (
    <WaitingList query={pending} height="20" failure="We couldn't load certifications to verify">
      {(waiting) => <QueueList pending={waiting} description={description} />}
    </WaitingList>
  );
}

function QueueList({ pending, description }: { pending: PendingCertification[]; description: string }) {
  const utils = trpc.useUtils();
  const refresh = () => utils.certifications.pending.invalidate();
  const verify = trpc.certifications.verify.useMutation();
  const reject = trpc.certifications.reject.useMutation();
  const rejecting = useDialogSubject<PendingCertification>();
  return (
    <SectionCard
      title={`Certifications to verify (${pending.length})`}
      label="Certifications to verify"
      description={description}
      borderColor="yellow.300"
    >
      <Stack as="ul" listStyleType="none" gap="3">
        {pending.map((c) => (
          <ActionRow
            key={c.id}
            answers={[
              {
                label: "Verify",
                icon: <LuBadgeCheck />,
                ariaLabel: `Verify ${c.name} of ${c.salespersonName}`,
                palette: "green",
                loading: verify.isPending && verify.variables?.id === c.id,
                loadingText: "Verifying",
                onClick: () =>
                  verify.mutate(
                    { id: c.id },
                    toastOutcome(
                      {
                        title: "Certification verified",
                        description: `${c.name} now shows on ${c.salespersonName}'s profile.`,
                      },
                      "Couldn't verify the certification",
                      refresh,
                    ),
                  ),
              },
              {
                label: "Reject",
                icon: <LuX />,
                ariaLabel: `Reject ${c.name} of ${c.salespersonName}`,
                palette: "red",
                onClick: () => rejecting.show(c),
              },
            ]}
          >
            <CertificationLines certification={c} holder={c.salespersonName} />
            {c.credentialUrl ? (
              <Text fontSize="sm" truncate>
                <a href={c.credentialUrl} target="_blank" rel="noopener noreferrer">
                  {c.credentialUrl}
                </a>
              </Text>
            ) : null}
          </ActionRow>
        ))}
      </Stack>
      <ConfirmDialog
        open={rejecting.open}
        onOpenChange={rejecting.setOpen}
        title="Reject this certification?"
        description={`${rejecting.subject?.name ?? "The certification"} is removed from ${rejecting.subject?.salespersonName ?? "the salesperson"}'s profile, and they are told so; they can add it again with corrected details.`}
        confirmLabel="Reject"
        pendingLabel="Rejecting"
        isPending={reject.isPending}
        onConfirm={() => {
          const subject = rejecting.subject;
          if (!subject) return;
          reject.mutate(
            { id: subject.id },
            toastOutcome(
              { title: "Certification rejected", description: `${subject.salespersonName} has been told.` },
              "Couldn't reject the certification",
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
