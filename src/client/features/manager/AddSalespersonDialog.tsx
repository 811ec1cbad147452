import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { FormEvent } from "react";
import { PAYMENT_MODELS, type PaymentModel } from "../../../shared/constants";
import { addSalespersonEffect, type TeamPlan } from "../../../shared/plans";
import { INVITATION_TTL_DAYS } from "../../../shared/schemas/invitations";
import { addSalespersonInput, PLAN_LIMIT_MESSAGE } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import type { DialogControl } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { InputField, SelectField } from "../../ui/form";
import { SendInvitationDialog } from "../../ui/InvitePersonDialog";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";

const PAYMENT_LABELS: Record<PaymentModel, string> = {
  dealership: "Dealership pays",
  individual: "Individual (salesperson pays)",
};

const EMPTY = { name: "", email: "", paymentModel: "dealership" as PaymentModel };

/**
 * The Add Salesperson dialog (docs/product/dealerships.md#adding-a-salesperson): name and e-mail required
 * (submit stays disabled without them and while sending), payment model (dealership by default). Adding
 * invites: the salesperson joins the manager's dealership when they accept the e-mailed invitation, with
 * their existing profile and reviews if they have one (docs/product/invitations.md). What one more place means
 * on the dealership's own plan is said from that plan (docs/product/subscriptions.md#adding-a-salesperson).
 */
export function AddSalespersonDialog({
  open,
  onOpenChange,
  dealershipName,
  plan,
  onAdded,
}: DialogControl & { dealershipName: string; plan: TeamPlan; onAdded: () => Promise<unknown> }) {
  const form = useFormDraft(EMPTY);
  const { draft } = form;
  const add = trpc.manager.addSalesperson.useMutation();
  const close = () => {
    onOpenChange(false);
    form.reset();
    add.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.check(addSalespersonInput, draft);
    if (!input) return;
    add.mutate(input, {
      onSuccess: async ({ invitation }) => {
        showToast({
          title: "Invitation sent",
          description:
            invitation.name === null
              ? `We e-mailed ${invitation.email} an invitation to join ${dealershipName}. They join once they accept it.`
              : `${invitation.name} already has a KnowBefore profile. We e-mailed ${invitation.email} an invitation to bring it to ${dealershipName}.`,
          variant: "success",
        });
        close();
        await onAdded();
      },
      onError: (error) => {
        if (form.showServerErrors(error)) return;
        const message = error.message ?? "";
        if (message.includes(PLAN_LIMIT_MESSAGE)) {
          showToast({ title: "Plan Limit Reached", description: message, variant: "destructive" });
          return;
        }
        showFailure("Failed to add salesperson", error);
      },
    });
  };

  const missingRequired = draft.name.trim() === "" || draft.email.trim() === "";
  return (
    <SendInvitationDialog
      open={open}
      onOpenChange={onOpenChange}
      onCancel={close}
      title="Add Salesperson"
      subtitle={`We e-mail them an invitation to join ${dealershipName}; they join when they accept it.`}
      label="Add salesperson"
      onSubmit={submit}
      pending={add.isPending}
      disabled={missingRequired}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <InputField label="Name" required autoComplete="off" {...form.bind("name")} />
          <InputField label="Email" required type="email" autoComplete="off" {...form.bind("email")} />
        </SimpleGrid>
        <SelectField
          label="Payment model"
          hint="Who pays for a salesperson plan of their own, if they take one. Either way they take one place on your plan."
          options={PAYMENT_MODELS.map((value) => ({ value, label: PAYMENT_LABELS[value] }))}
          {...form.bind("paymentModel")}
        />
        <Text fontSize="sm" color="fg.muted" data-plan-effect="">
          {addSalespersonEffect(plan)}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          Someone already on KnowBefore brings their profile and reviews when they accept. A new salesperson
          fills in their profile after accepting. The invitation holds a place on your plan for{" "}
          {INVITATION_TTL_DAYS} days.
        </Text>
      </Stack>
    </SendInvitationDialog>
  );
}
