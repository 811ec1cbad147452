import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuArrowLeftRight } from "react-icons/lu";
import { chargeCents, formatCents, PLANS, type Plan, type PlanId } from "../../../shared/plans";
import type { SubscriptionSummary } from "../../../shared/schemas/subscriptions";
import { trpc } from "../../trpc";
import { ChoiceCards } from "../../ui/ChoiceCards";
import {
  closeWithSuccess,
  type DialogControl,
  DialogForm,
  DialogFrame,
  DialogHeading,
} from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { periodWord, plansFor, useBillingRefresh } from "./billing";
import { SeatsField, useSeatEntry } from "./SeatsField";

function startingSeats(plan: Plan, subscription: SubscriptionSummary, seatsUsed: number): number {
  const current = subscription.plan === plan.id ? subscription.seats : 0;
  return Math.max(plan.minQuantity, current, seatsUsed);
}

/**
 * Moves an active subscription to another plan of the same audience (and, on Dealer Professional, another
 * number of seats). The change applies now and is prorated on the next invoice.
 */
export function ChangePlanDialog({
  open,
  onOpenChange,
  subscription,
  seatsUsed,
}: DialogControl & { subscription: SubscriptionSummary; seatsUsed: number }) {
  // A dealer group's plan moves between the plans a group buys (never a one-dealership plan).
  const choices = plansFor(subscription.audience).filter(
    (plan) => subscription.groupId === null || plan.unit !== "plan",
  );
  const firstOther = choices.find((plan) => plan.id !== subscription.plan) ?? PLANS[subscription.plan];
  const [planId, setPlanId] = useState<PlanId>(firstOther.id);
  const plan = PLANS[planId];
  const entry = useSeatEntry(plan, () => startingSeats(plan, subscription, seatsUsed));
  const { bySeat, problem, seats } = entry;
  const refresh = useBillingRefresh();
  const change = trpc.subscriptions.changePlan.useMutation();

  const unchanged = plan.id === subscription.plan && (!bySeat || seats === subscription.seats);
  const period = periodWord(subscription.interval);

  const choose = (value: string) => {
    const next = PLANS[value as PlanId];
    setPlanId(next.id);
    entry.setSeats(startingSeats(next, subscription, seatsUsed));
  };

  const close = () => {
    onOpenChange(false);
    change.reset();
    entry.reveal(false);
    choose(firstOther.id);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    entry.reveal(true);
    if (problem || unchanged) return;
    change.mutate(
      { id: subscription.id, planType: plan.id, ...entry.request },
      {
        onSuccess: (updated) =>
          closeWithSuccess(
            close,
            // An upgrade waits for its prorated invoice to be paid; the plan switches when the payment clears.
            updated.plan === plan.id
              ? {
                  title: "Plan changed",
                  description: `You are now on ${updated.planName}: ${formatCents(updated.amountCents)} per ${period}, prorated from today.`,
                }
              : {
                  title: "Plan change requested",
                  description: `${plan.name} starts as soon as its prorated charge is paid; until then you stay on ${updated.planName}.`,
                },
            refresh,
          ),
        onError: (error) =>
          showFailure("Subscription Error", error, "The plan could not be changed. Please try again."),
      },
    );
  };

  return (
    <DialogFrame open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} size="md">
      <DialogHeading
        title="Change plan"
        subtitle={`You are on ${subscription.planName}, billed per ${period}.`}
      />
      <DialogForm
        label="Change plan"
        onSubmit={submit}
        onCancel={close}
        submit={{
          confirmLabel: "Change plan",
          confirmIcon: <LuArrowLeftRight />,
          pendingLabel: "Changing plan…",
          pending: change.isPending,
          disabled: unchanged,
        }}
      >
        <Stack gap="5">
          <ChoiceCards
            label="New plan"
            value={planId}
            onChange={choose}
            choices={choices.map((choice) => ({
              value: choice.id,
              label: choice.id === subscription.plan ? `${choice.name} (current)` : choice.name,
              description: `${formatCents(
                chargeCents(choice, subscription.interval, choice.id === plan.id ? seats : undefined),
              )} per ${period}${choice.unit === "seat" ? ` for ${choice.id === plan.id ? seats : choice.minQuantity} seats` : ""} · ${choice.summary}`,
            }))}
          />
          <SeatsField {...entry.field} hint={`At least ${plan.minQuantity}; your team has ${seatsUsed}.`} />
          <Text fontSize="sm" color="fg.muted" bg="bg.subtle" borderRadius="lg" px="4" py="3">
            The change applies now and is prorated: the unused part of this {period} is credited and the new
            plan is charged for the rest of it on your next invoice.
            {subscription.audience === "dealership"
              ? " Moving a dealer group between plans? Our team can help before you switch."
              : ""}
          </Text>
        </Stack>
      </DialogForm>
    </DialogFrame>
  );
}
