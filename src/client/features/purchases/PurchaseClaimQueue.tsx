import { Badge, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuBadgeCheck, LuX } from "react-icons/lu";
import { PURCHASE_DECLINE_REASON_REQUIRED, type PurchaseClaim } from "../../../shared/schemas/purchases";
import { trpc } from "../../trpc";
import { DecisionCard } from "../../ui/DecisionCard";
import { closeWithSuccess } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { formatCalendarDate, mediumDate } from "../../ui/format";
import { toastOutcome } from "../../ui/mutationToasts";
import { InlineLoadError } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { TextDialog } from "../../ui/TextDialog";

function visitsLabel(n: number): string {
  if (n === 0) return "No completed visit with this salesperson";
  return `${n} completed ${n === 1 ? "visit" : "visits"} with this salesperson`;
}

function DeclineDialog({ claim, onClose }: { claim: PurchaseClaim | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason("");
    setError(null);
    onClose();
  };
  const decide = trpc.purchases.decide.useMutation({
    onSuccess: () =>
      closeWithSuccess(close, { title: "Claim declined", description: "The buyer has been told why." }),
    onError: (e) => showFailure("Couldn't decline the claim", e, "Please try again later."),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!claim) return;
    if (!reason.trim()) {
      setError(PURCHASE_DECLINE_REASON_REQUIRED);
      return;
    }
    decide.mutate({ id: claim.id, decision: "decline", reason });
  };
  return (
    <TextDialog
      open={claim !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Decline this purchase claim?"
      subtitle={claim ? `${claim.buyerName} · ${claim.salespersonName}` : undefined}
      label="Decline purchase claim"
      onSubmit={submit}
      confirmLabel="Decline"
      confirmIcon={<LuX />}
      pendingLabel="Declining..."
      pending={decide.isPending}
      field={{
        label: "Reason",
        required: true,
        error,
        hint: "The buyer receives it by e-mail and on their dashboard.",
        rows: 3,
        maxLength: 1000,
        placeholder: "For example: we have no sale under this name on that date.",
      }}
      value={reason}
      onValueChange={(value) => {
        setReason(value);
        setError(null);
      }}
    />
  );
}

/**
 * Purchase claims waiting for a decision: a manager's dealership's (Sales Team tab), or, in the administrators'
 * console, independent salespeople's. Confirm makes the buyer's reviews "Verified purchase"; Decline tells the
 * buyer why (docs/product/reviews.md#purchase-verification). Nothing at all when none waits.
 */
export function PurchaseClaimQueue({ description }: { description: string }) {
  const claims = trpc.purchases.toDecide.useQuery();
  const utils = trpc.useUtils();
  const decide = trpc.purchases.decide.useMutation();
  const [declining, setDeclining] = useState<PurchaseClaim | null>(null);
  if (claims.isError)
    return (
      <InlineLoadError message="We couldn't load purchase claims" onRetry={() => void claims.refetch()} />
    );
  if (!claims.data || claims.data.length === 0) return null;
  return (
    <SectionCard
      title={`Purchases to confirm (${claims.data.length})`}
      label="Purchases to confirm"
      description={description}
      borderColor="yellow.300"
    >
      <Stack as="ul" listStyleType="none" gap="3">
        {claims.data.map((claim) => (
          <DecisionCard
            key={claim.id}
            label={`Purchase claim by ${claim.buyerName}`}
            title={`${claim.buyerName} says they bought from ${claim.salespersonName}`}
            meta={[claim.buyerEmail, `claimed ${mediumDate.format(new Date(claim.createdAt))}`]
              .filter(Boolean)
              .join(" · ")}
            aside={
              <Badge
                colorPalette={claim.completedVisits > 0 ? "green" : "gray"}
                variant="subtle"
                borderRadius="full"
              >
                {visitsLabel(claim.completedVisits)}
              </Badge>
            }
            actions={[
              {
                label: "Confirm",
                icon: <LuBadgeCheck />,
                palette: "green",
                ariaLabel: `Confirm the purchase of ${claim.buyerName}`,
                onClick: () =>
                  decide.mutate(
                    { id: claim.id, decision: "confirm" },
                    toastOutcome(
                      {
                        title: "Purchase confirmed",
                        description: `${claim.buyerName}'s reviews of ${claim.salespersonName} now show “Verified purchase”.`,
                      },
                      "Couldn't confirm the purchase",
                      () => utils.purchases.toDecide.invalidate(),
                    ),
                  ),
              },
              {
                label: "Decline",
                icon: <LuX />,
                palette: "red",
                ariaLabel: `Decline the purchase claim of ${claim.buyerName}`,
                onClick: () => setDeclining(claim),
              },
            ]}
          >
            <Text fontSize="sm">
              {claim.vehicle ?? "Vehicle not given"}
              {claim.purchaseDate ? ` · bought ${formatCalendarDate(claim.purchaseDate, "medium")}` : ""}
            </Text>
          </DecisionCard>
        ))}
      </Stack>
      <DeclineDialog claim={declining} onClose={() => setDeclining(null)} />
    </SectionCard>
  );
}
