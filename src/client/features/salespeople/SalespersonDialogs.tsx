import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuMail, LuPhone } from "react-icons/lu";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import type { SessionUser } from "../auth/session";

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  salesperson: SalespersonDetail;
};

function DialogFrame({
  open,
  onOpenChange,
  title,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: React.ReactNode;
  footer: React.ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="center"
      size={{ base: "full", sm: "md" }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="xl" mx="4">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Schedule Meeting: online booking lands with the appointments release; until then this offers the
 * salesperson's direct phone and e-mail so the button always leads somewhere real.
 */
export function ScheduleMeetingDialog({
  open,
  onOpenChange,
  salesperson,
  viewer,
}: DialogProps & { viewer: SessionUser | null }) {
  const firstName = salesperson.name.split(" ")[0] ?? salesperson.name;
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`Meet ${salesperson.name}`}
      footer={
        viewer ? (
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        ) : (
          <Button asChild colorPalette="blue">
            <Link to="/login">Sign in to book</Link>
          </Button>
        )
      }
    >
      <Stack gap="4">
        <Text color="fg.muted">
          Online booking with a calendar of open times is coming to KnowBefore shortly. For now, contact{" "}
          {firstName} directly to agree on a time for a car viewing, test drive or financing discussion.
        </Text>
        <Stack gap="2">
          {salesperson.phoneNumber ? (
            <Button asChild variant="outline" justifyContent="flex-start">
              <a href={`tel:${salesperson.phoneNumber.replace(/[^\d+]/g, "")}`}>
                <LuPhone /> Call {salesperson.phoneNumber}
              </a>
            </Button>
          ) : null}
          <Button asChild variant="outline" justifyContent="flex-start">
            <a
              href={`mailto:${salesperson.email}?subject=${encodeURIComponent("Appointment request via KnowBefore")}`}
            >
              <LuMail /> Email {salesperson.email}
            </a>
          </Button>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}

/** Rate Salesperson (customers only): reviews need a completed appointment, so explain that and point to them. */
export function RateSalespersonDialog({ open, onOpenChange, salesperson }: DialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={`Rate ${salesperson.name}`}
      footer={
        <HStack gap="2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button asChild colorPalette="blue">
            <Link to="/appointments">View my appointments</Link>
          </Button>
        </HStack>
      }
    >
      <Stack gap="3" color="fg.muted">
        <Text>
          Every review on KnowBefore is tied to a completed appointment, so buyers can trust what they read.
          Once your visit with {salesperson.name} is marked complete, you'll rate four things:
        </Text>
        <Stack as="ul" ps="5" gap="1" listStyleType="disc">
          <li>Overall experience</li>
          <li>Helpfulness</li>
          <li>Sales pressure (1 = too pushy, 5 = perfect balance)</li>
          <li>Communication</li>
        </Stack>
      </Stack>
    </DialogFrame>
  );
}
