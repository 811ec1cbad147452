// Certifications waiting for verification: a manager's team's (Sales Team tab), or, in the administrators'
// console, independent salespeople's. Verify puts the badge on the profile; Reject deletes the certification
// and tells the salesperson (docs/product/dealerships.md#verifying-certifications).
import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuBadgeCheck, LuX } from "react-icons/lu";
import type { PendingCertification } from "../../../shared/schemas/certifications";
import { trpc } from "../../trpc";
import { ActionRow } from "../../ui/ActionRow";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toastOutcome } from "../../ui/mutationToasts";
import { SectionCard } from "../../ui/SectionCard";
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
  const [rejecting, setRejecting] = useState<PendingCertification | null>(null);
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
            actions={
              <HStack gap="2" flexShrink={0}>
                <Button
                  size="sm"
                  colorPalette="green"
                  flex={{ base: "1", sm: "initial" }}
                  loading={verify.isPending && verify.variables?.id === c.id}
                  loadingText="Verifying"
                  aria-label={`Verify ${c.name} of ${c.salespersonName}`}
                  onClick={() =>
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
                    )
                  }
                >
                  <LuBadgeCheck /> Verify
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  flex={{ base: "1", sm: "initial" }}
                  aria-label={`Reject ${c.name} of ${c.salespersonName}`}
                  onClick={() => setRejecting(c)}
                >
                  <LuX /> Reject
                </Button>
              </HStack>
            }
          >
            <Text fontWeight="semibold" color="ink">
              {c.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {c.salespersonName} · {c.issuer} · {c.year}
              {c.credentialId ? ` · ID ${c.credentialId}` : ""}
            </Text>
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
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title="Reject this certification?"
        description={`${rejecting?.name ?? "The certification"} is removed from ${rejecting?.salespersonName ?? "the salesperson"}'s profile, and they are told so; they can add it again with corrected details.`}
        confirmLabel="Reject"
        pendingLabel="Rejecting"
        isPending={reject.isPending}
        onConfirm={() => {
          if (!rejecting) return;
          reject.mutate(
            { id: rejecting.id },
            toastOutcome(
              { title: "Certification rejected", description: `${rejecting.salespersonName} has been told.` },
              "Couldn't reject the certification",
              () => {
                setRejecting(null);
                return refresh();
              },
            ),
          );
        }}
      />
    </SectionCard>
  );
}
