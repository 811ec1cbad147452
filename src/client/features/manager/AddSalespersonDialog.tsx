import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { FormEvent } from "react";
import { LuUserPlus } from "react-icons/lu";
import { PAYMENT_MODELS, type PaymentModel, YEARS_OF_EXPERIENCE } from "../../../shared/constants";
import { addSalespersonInput, PLAN_LIMIT_MESSAGE } from "../../../shared/schemas/manager";
import { apiErrorMessage, trpc } from "../../trpc";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { InputField, SelectField, TextareaField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";

const PAYMENT_LABELS: Record<PaymentModel, string> = {
  dealership: "Dealership pays",
  individual: "Individual (salesperson pays)",
};

const EMPTY = {
  name: "",
  email: "",
  phoneNumber: "",
  yearsOfExperience: "0",
  paymentModel: "dealership" as PaymentModel,
  bio: "",
};

/**
 * The Add Salesperson dialog (docs/product/dealerships.md#adding-a-salesperson): name and e-mail required (submit stays disabled without them and while
 * sending), experience in years, payment model (dealership by default), optional bio. The server adds to
 * the manager's own dealership and e-mails the salesperson a sign-in invite.
 */
export function AddSalespersonDialog({
  open,
  onOpenChange,
  dealershipName,
  onAdded,
}: DialogControl & { dealershipName: string; onAdded: () => Promise<unknown> }) {
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
    const input = form.check(addSalespersonInput, {
      ...draft,
      phoneNumber: draft.phoneNumber.trim() || null,
      bio: draft.bio.trim() || null,
      yearsOfExperience: draft.yearsOfExperience.trim() === "" ? 0 : Number(draft.yearsOfExperience),
    });
    if (!input) return;
    add.mutate(input, {
      onSuccess: async (result) => {
        if (result.outcome === "invited") {
          const { name, email } = result.invitation;
          showToast({
            title: "Invitation sent",
            description:
              result.invite === "failed"
                ? `${name} already has a KnowBefore profile, so we invited them to ${dealershipName}, but the e-mail could not be sent. They will see the invitation on their dashboard.`
                : `${name} already has a KnowBefore profile. We e-mailed ${email} an invitation to join ${dealershipName}; they join once they accept it.`,
            variant: "success",
          });
        } else {
          const who = result.salesperson.name;
          showToast({
            title: "Salesperson added",
            description:
              result.invite === "failed"
                ? `${who} joined ${dealershipName}, but the invite e-mail could not be sent. They can request a sign-in link from the salesperson portal.`
                : `${who} joined ${dealershipName}. We e-mailed ${result.salesperson.email} a sign-in link.`,
            variant: "success",
          });
        }
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
        showToast({
          title: "Failed to add salesperson",
          description: apiErrorMessage(error, "Please try again."),
          variant: "destructive",
        });
      },
    });
  };

  const missingRequired = draft.name.trim() === "" || draft.email.trim() === "";
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      busy={add.isPending}
    >
      <DialogHeading
        title="Add Salesperson"
        subtitle={`They join ${dealershipName} and get an e-mail with a link to sign in to the salesperson portal.`}
      />
      <DialogForm
        label="Add salesperson"
        onSubmit={submit}
        onCancel={close}
        submit={{
          confirmLabel: "Add Salesperson",
          confirmIcon: <LuUserPlus />,
          pendingLabel: "Adding",
          pending: add.isPending,
          disabled: missingRequired || add.isPending,
        }}
      >
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <InputField label="Name" required autoComplete="off" {...form.bind("name")} />
            <InputField label="Email" required type="email" autoComplete="off" {...form.bind("email")} />
            <InputField label="Phone" note="optional" type="tel" {...form.bind("phoneNumber")} />
            <InputField
              label="Experience (years)"
              type="number"
              inputMode="numeric"
              min={YEARS_OF_EXPERIENCE.min}
              max={YEARS_OF_EXPERIENCE.max}
              step={1}
              {...form.bind("yearsOfExperience")}
            />
          </SimpleGrid>
          <SelectField
            label="Payment model"
            hint="A dealership-paid salesperson costs $99/month on your plan."
            options={PAYMENT_MODELS.map((value) => ({ value, label: PAYMENT_LABELS[value] }))}
            {...form.bind("paymentModel")}
          />
          <TextareaField label="Bio" note="optional" rows={3} maxLength={2000} {...form.bind("bio")} />
          <Text fontSize="xs" color="fg.muted">
            Someone already on KnowBefore as an independent salesperson gets an invitation instead: they join
            with their existing profile and reviews once they accept it.
          </Text>
        </Stack>
      </DialogForm>
    </DialogFrame>
  );
}
