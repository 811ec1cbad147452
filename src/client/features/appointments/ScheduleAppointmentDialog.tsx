import { Dialog, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { SessionUser } from "../../../shared/schemas/auth";
import { type DialogControl, DialogFrame, DialogHeading, DialogLoading } from "../../ui/dialog";
import { useSession } from "../../ui/session";
import { ScheduleForm } from "./ScheduleForm";
import { CustomersOnly, type SchedulingTarget, SignInPrompt, withWhom } from "./SchedulingNotices";
import { type SlotHint, useSalespersonZone } from "./SlotPicker";

export type { SchedulingTarget } from "./SchedulingNotices";

type DialogProps = DialogControl & { salesperson: SchedulingTarget; initial?: SlotHint };

function CustomerScheduling({
  salesperson,
  ...form
}: {
  salesperson: SchedulingTarget;
  viewer: SessionUser;
  initial?: SlotHint;
  onClose: () => void;
}) {
  const zone = useSalespersonZone(salesperson.id, salesperson.timeZone);
  if (zone.timeZone) return <ScheduleForm salesperson={salesperson} timeZone={zone.timeZone} {...form} />;
  return (
    <>
      <DialogHeading title="Schedule an appointment" subtitle={withWhom(salesperson)} />
      {zone.isError ? (
        <Dialog.Body>
          <Text color="fg.muted">We couldn't load this salesperson's calendar. Please try again.</Text>
        </Dialog.Body>
      ) : (
        <DialogLoading />
      )}
    </>
  );
}

/**
 * The scheduling dialog (docs/product/booking.md#booking-a-visit): a day's half-hour slots in the salesperson's zone, the visit type
 * and the buyer's contact details. Signed-out visitors are asked to sign in; other roles are told why not.
 */
export function ScheduleAppointmentDialog({ open, onOpenChange, salesperson, initial }: DialogProps) {
  const { user, isLoading } = useSession();
  const close = () => onOpenChange(false);
  let content: ReactNode;
  if (isLoading) {
    content = (
      <>
        <DialogHeading title="Schedule an appointment" subtitle={withWhom(salesperson)} />
        <DialogLoading />
      </>
    );
  } else if (!user) {
    content = <SignInPrompt salesperson={salesperson} onClose={close} />;
  } else if (user.role !== "customer") {
    content = <CustomersOnly salesperson={salesperson} viewer={user} onClose={close} />;
  } else {
    content = (
      <CustomerScheduling salesperson={salesperson} viewer={user} initial={initial} onClose={close} />
    );
  }
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      // A short explanation instead of the form stays a centred card.
      layout={!isLoading && user?.role !== "customer" ? "card" : "sheet"}
      scrollInside
    >
      {content}
    </DialogFrame>
  );
}
