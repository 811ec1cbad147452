// Certifications waiting for verification: a manager's team's (Sales Team tab), or, in the administrators'
// console, independent salespeople's. Verify puts the badge on the profile; Reject deletes the certification
// and tells the salesperson (docs/product/dealerships.md#verifying-certifications).
import { Text } from "@chakra-ui/react";
import { LuBadgeCheck, LuX } from "react-icons/lu";
import type { PendingCertification } from "../../../shared/schemas/certifications";
import { trpc } from "../../trpc";
import { toastOutcome } from "../../ui/mutationToasts";
import { CertificationLines } from "../salespeople";
import { ApprovalQueue } from "./ApprovalQueue";
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
  const verify = trpc.certifications.verify.useMutation();
  const reject = trpc.certifications.reject.useMutation();
  return (
    <ApprovalQueue
      title="Certifications to verify"
      description={description}
      items={pending}
      accept={(c) => ({
        label: "Verify",
        icon: <LuBadgeCheck />,
        ariaLabel: `Verify ${c.name} of ${c.salespersonName}`,
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
            ),
          ),
      })}
      reject={{
        icon: <LuX />,
        ariaLabel: (c) => `Reject ${c.name} of ${c.salespersonName}`,
        dialogTitle: "Reject this certification?",
        dialogDescription: (c) =>
          `${c?.name ?? "The certification"} is removed from ${c?.salespersonName ?? "the salesperson"}'s profile, and they are told so; they can add it again with corrected details.`,
        isPending: reject.isPending,
        run: (c, close) =>
          reject.mutate(
            { id: c.id },
            toastOutcome(
              { title: "Certification rejected", description: `${c.salespersonName} has been told.` },
              "Couldn't reject the certification",
              close,
            ),
          ),
      }}
    >
      {(c) => (
        <>
          <CertificationLines certification={c} holder={c.salespersonName} />
          {c.credentialUrl ? (
            <Text fontSize="sm" truncate>
              <a href={c.credentialUrl} target="_blank" rel="noopener noreferrer">
                {c.credentialUrl}
              </a>
            </Text>
          ) : null}
        </>
      )}
    </ApprovalQueue>
  );
}
