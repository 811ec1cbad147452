import { SimpleGrid, Text } from "@chakra-ui/react";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { LuBadgeCheck } from "react-icons/lu";
import { claimPurchaseInput, PURCHASE_VEHICLE_MAX } from "../../../shared/schemas/purchases";
import { trpc } from "../../trpc";
import { closeWithSuccess, type DialogControl, FormDialog } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { InputField } from "../../ui/form";

/** Today as YYYY-MM-DD on the buyer's own calendar: the latest purchase date the form offers. */
function localToday(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * "I bought a car from this salesperson": the buyer's claim, with the vehicle and the date if they like. The
 * salesperson's dealership confirms or declines it; once confirmed, the buyer's reviews show "Verified purchase".
 */
export function ClaimPurchaseDialog({
  open,
  onOpenChange,
  salesperson,
}: DialogControl & { salesperson: { id: number; name: string; dealership: string | null } }) {
  const [vehicle, setVehicle] = useState("");
  const [purchaseDate, setPurchaseDate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setVehicle("");
    setPurchaseDate("");
    setError(null);
    onOpenChange(false);
  };
  const claim = trpc.purchases.claim.useMutation({
    onSuccess: () =>
      closeWithSuccess(close, {
        title: "Purchase claim sent",
        description: `${salesperson.dealership ?? "Our team"} will confirm it. You can follow it under My Ratings.`,
      }),
    onError: (e) => showFailure("Couldn't send the claim", e, "Please try again later."),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = claimPurchaseInput.safeParse({ salespersonId: salesperson.id, vehicle, purchaseDate });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the details");
      return;
    }
    if (parsed.data.purchaseDate && parsed.data.purchaseDate > localToday()) {
      setError("The purchase date cannot be in the future");
      return;
    }
    claim.mutate(parsed.data);
  };
  /** A field's change: its new value, and the last error goes (it may have been about this field). */
  const edit = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.currentTarget.value);
    setError(null);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="I bought a car here"
      subtitle={`Tell us you bought from ${salesperson.name}`}
      label="Purchase claim"
      onSubmit={submit}
      confirmLabel="Send claim"
      confirmIcon={<LuBadgeCheck />}
      pendingLabel="Sending..."
      pending={claim.isPending}
    >
      <Text fontSize="sm" color="fg.muted" mb="4">
        {salesperson.dealership
          ? `${salesperson.dealership} checks its sales records and confirms or declines your claim.`
          : "Our team checks with the salesperson and confirms or declines your claim."}{" "}
        Once confirmed, your reviews of {salesperson.name} show “Verified purchase”.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <InputField
          label="Vehicle"
          note="optional"
          placeholder="e.g. 2024 Honda Civic EX"
          maxLength={PURCHASE_VEHICLE_MAX}
          value={vehicle}
          onChange={edit(setVehicle)}
        />
        <InputField
          label="Purchase date"
          note="optional"
          type="date"
          max={localToday()}
          value={purchaseDate}
          error={error}
          onChange={edit(setPurchaseDate)}
        />
      </SimpleGrid>
    </FormDialog>
  );
}
