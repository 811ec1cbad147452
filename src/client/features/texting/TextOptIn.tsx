// Texts while booking: the buyer's choice to get visit reminders and their salesperson's replies by text at the
// booking's phone number, and the step after booking where they enter the code sent to it. When the server
// has no text provider, the choice is shown off with the reason.
import { Checkbox, Stack, Text } from "@chakra-ui/react";
import { checkboxSlotRecipe } from "@chakra-ui/react/theme";
import { type FormEvent, useState } from "react";
import type { TextingStatus } from "../../../shared/schemas/texting";
import { maskPhone, TEXT_CODE, toE164 } from "../../../shared/texting";
import { trpc } from "../../trpc";
import { DialogForm, DialogHeading } from "../../ui/dialog";
import { InputField } from "../../ui/form";
import { showToast } from "../../ui/toaster";

/** The caller's texting state, for a signed-in buyer only (null for anyone else and while it loads). */
export function useTextingStatus(enabled: boolean): TextingStatus | null {
  const status = trpc.texting.status.useQuery(undefined, { enabled, staleTime: 30_000 });
  return enabled ? (status.data ?? null) : null;
}

/** The checkbox under the booking's phone number. */
export function TextOptInChoice({
  status,
  phone,
  checked,
  onChange,
}: {
  status: TextingStatus | null;
  phone: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (!status) return null;
  if (!status.available)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="texting-off">
        Text reminders are off: this site has no text message service configured.
      </Text>
    );
  const number = toE164(phone);
  if (status.state === "confirmed" && number !== null && status.phone === number)
    return (
      <Text fontSize="sm" color="fg.muted">
        Reminders and your salesperson's replies are texted to {maskPhone(number)}.
      </Text>
    );
  return (
    <Stack gap="1">
      <Checkbox.Root
        recipe={checkboxSlotRecipe}
        checked={checked}
        onCheckedChange={(e) => onChange(e.checked === true)}
        colorPalette="blue"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Text me reminders and my salesperson's replies at this number</Checkbox.Label>
      </Checkbox.Root>
      <Text fontSize="xs" color="fg.muted">
        We text a code to confirm it. A day and two hours before the visit, never 9 pm – 8 am your time. Msg
        &amp; data rates may apply; reply STOP to end, HELP for help.
      </Text>
    </Stack>
  );
}

/** Asks for a code for the number; answers whether the code went out (a refusal is told in a toast). */
export function useRequestTextCode() {
  const request = trpc.texting.requestCode.useMutation();
  return async (phone: string) => {
    try {
      await request.mutateAsync({
        phone,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      return true;
    } catch (error) {
      showToast({
        title: "No text was sent",
        description: (error as Error).message,
        variant: "destructive",
      });
      return false;
    }
  };
}

/** After booking: the code sent to the number, entered to start texts. */
export function TextCodeStep({ phone, onDone }: { phone: string; onDone: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const confirm = trpc.texting.confirm.useMutation({
    onSuccess: async () => {
      showToast({
        title: "Texts are on",
        description: `Reminders and replies will be texted to ${maskPhone(toE164(phone) ?? phone)}.`,
        variant: "success",
      });
      await utils.texting.status.invalidate();
      onDone();
    },
    onError: (e) => setError(e.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!new RegExp(`^[0-9]{${TEXT_CODE.digits}}$`).test(code.trim())) {
      setError(`Enter the ${TEXT_CODE.digits}-digit code.`);
      return;
    }
    confirm.mutate({ code: code.trim() });
  };
  return (
    <>
      <DialogHeading title="Confirm your number" subtitle="Your appointment is booked." />
      <DialogForm
        label="Confirm your number for texts"
        onSubmit={submit}
        onCancel={onDone}
        submit={{ confirmLabel: "Confirm", pendingLabel: "Confirming...", pending: confirm.isPending }}
      >
        <Stack gap="3">
          <Text>
            We texted a {TEXT_CODE.digits}-digit code to {maskPhone(toE164(phone) ?? phone)}. Enter it to get
            reminders and your salesperson's replies by text.
          </Text>
          <InputField
            label="Code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={TEXT_CODE.digits}
            value={code}
            error={error ?? undefined}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
          />
        </Stack>
      </DialogForm>
    </>
  );
}
