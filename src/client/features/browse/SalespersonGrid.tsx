import { Box, SimpleGrid, type SimpleGridProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { SalespersonRef } from "../../ui/types";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { ScheduleAppointmentDialog, type SchedulingTarget, type SlotHint } from "../appointments";
import { RateSalespersonDialog } from "../reviews";
import { SalespersonCardSkeleton } from "./SalespersonCardSkeleton";

const COLUMNS = { base: 1, md: 2, lg: 3 };

/** Salesperson cards in a responsive grid (a list: each child is one card's item). */
export function SalespersonGrid({ children, ...props }: { children: ReactNode } & SimpleGridProps) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={COLUMNS} gap="5" {...props}>
      {children}
    </SimpleGrid>
  );
}

/** One place in the grid; the card inside stretches to the row's height. */
export function SalespersonGridItem({ children }: { children: ReactNode }) {
  return (
    <Box as="li" display="flex" flexDirection="column">
      {children}
    </Box>
  );
}

/** The grid's shape while results load. */
export function SalespersonGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <SimpleGrid columns={COLUMNS} gap="5" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <SalespersonCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The Rate and Schedule dialogs behind a grid of cards: `rate` and `schedule` open them (on a slot when one
 * was picked); render `dialogs` once beside the grid.
 */
export function useCardDialogs() {
  const rating = useDialogSubject<SalespersonRef>();
  const scheduling = useDialogSubject<{ salesperson: SchedulingTarget; slot?: SlotHint }>();
  return {
    rate: (salesperson: SalespersonRef) => rating.show({ id: salesperson.id, name: salesperson.name }),
    schedule: (salesperson: SchedulingTarget, slot?: SlotHint) => scheduling.show({ salesperson, slot }),
    dialogs: (
      <>
        {rating.subject ? (
          <RateSalespersonDialog
            open={rating.open}
            onOpenChange={rating.setOpen}
            salesperson={rating.subject}
          />
        ) : null}
        {scheduling.subject ? (
          <ScheduleAppointmentDialog
            open={scheduling.open}
            onOpenChange={scheduling.setOpen}
            salesperson={scheduling.subject.salesperson}
            initial={scheduling.subject.slot}
          />
        ) : null}
      </>
    ),
  };
}
