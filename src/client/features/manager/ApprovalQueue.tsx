// A list of things waiting for a yes or a no (a registration, a certification): each row says what it is
// with an accept button and a Reject that asks first, in a card marked as waiting.
import { Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ActionRow, type RowAnswer } from "../../ui/ActionRow";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { SectionCard } from "../../ui/SectionCard";
import { useDialogSubject } from "../../ui/useDialogSubject";

export type QueueRejection<T> = {
  icon: ReactNode;
  /** Names the item ("Reject Ann Lee"): the list holds many alike. */
  ariaLabel: (item: T) => string;
  dialogTitle: string;
  /** What rejecting does; `item` is null before a row was picked. */
  dialogDescription: (item: T | null) => string;
  isPending: boolean;
  /** Rejects `item`; `close` shuts the dialog once the answer is in. */
  run: (item: T, close: () => void) => void;
};

export function ApprovalQueue<T extends { id: number }>({
  title,
  description,
  items,
  accept,
  reject,
  children,
}: {
  /** The card's name; its heading adds the count. */
  title: string;
  description: string;
  items: T[];
  accept: (item: T) => RowAnswer;
  reject: QueueRejection<T>;
  /** What the row shows of `item`. */
  children: (item: T) => ReactNode;
}) {
  const rejecting = useDialogSubject<T>();
  return (
    <SectionCard
      title={`${title} (${items.length})`}
      label={title}
      description={description}
      borderColor="yellow.300"
    >
      <Stack as="ul" listStyleType="none" gap="3">
        {items.map((item) => (
          <ActionRow
            key={item.id}
            answers={[
              { ...accept(item), palette: "green" },
              {
                label: "Reject",
                icon: reject.icon,
                ariaLabel: reject.ariaLabel(item),
                palette: "red",
                onClick: () => rejecting.show(item),
              },
            ]}
          >
            {children(item)}
          </ActionRow>
        ))}
      </Stack>
      <ConfirmDialog
        open={rejecting.open}
        onOpenChange={rejecting.setOpen}
        title={reject.dialogTitle}
        description={reject.dialogDescription(rejecting.subject)}
        confirmLabel="Reject"
        pendingLabel="Rejecting"
        isPending={reject.isPending}
        onConfirm={() => {
          if (rejecting.subject) reject.run(rejecting.subject, () => rejecting.setOpen(false));
        }}
      />
    </SectionCard>
  );
}
