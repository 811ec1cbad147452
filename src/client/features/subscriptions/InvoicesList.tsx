import { Badge, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { formatCents } from "../../../shared/plans";
import type { PaymentRecord } from "../../../shared/schemas/subscriptions";
import { SectionCard } from "../../ui/SectionCard";
import { longDate } from "./billing";

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function PaymentStatus({ payment }: { payment: PaymentRecord }) {
  return payment.status === "paid" ? (
    <Badge colorPalette="green" variant="subtle" borderRadius="full">
      Paid
    </Badge>
  ) : (
    <Badge colorPalette="red" variant="subtle" borderRadius="full">
      Failed
    </Badge>
  );
}

function when(payment: PaymentRecord): string {
  const at = payment.paidAt ?? payment.failedAt;
  return at ? longDate.format(at) : "—";
}

function period(payment: PaymentRecord): string | null {
  if (!payment.periodStart || !payment.periodEnd) return null;
  return `${shortDate.format(payment.periodStart)} – ${shortDate.format(payment.periodEnd)}`;
}

/** The invoices of a subscription as the payment provider reported them: amount, date paid, status, number. */
export function InvoicesList({ payments }: { payments: readonly PaymentRecord[] }) {
  return (
    <SectionCard
      title="Invoices"
      description={
        payments.length === 0
          ? undefined
          : "Every invoice of this subscription, newest first. Amounts are what was charged."
      }
    >
      {payments.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No invoices yet. The first one appears here once it is paid (after a free trial, at its end).
        </Text>
      ) : (
        <>
          <Table.ScrollArea hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="lg">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>Invoice</Table.ColumnHeader>
                  <Table.ColumnHeader>Date paid</Table.ColumnHeader>
                  <Table.ColumnHeader>Period</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {payments.map((payment) => (
                  <Table.Row key={payment.id}>
                    <Table.Cell fontFamily="mono" fontSize="xs">
                      {payment.invoiceNumber ?? "—"}
                    </Table.Cell>
                    <Table.Cell>{payment.status === "paid" ? when(payment) : "Not paid"}</Table.Cell>
                    <Table.Cell color="fg.muted">{period(payment) ?? "—"}</Table.Cell>
                    <Table.Cell>
                      <PaymentStatus payment={payment} />
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontWeight="semibold">
                      {formatCents(payment.amountCents, payment.currency)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Stack as="ul" listStyleType="none" gap="2" hideFrom="md" aria-label="Invoices">
            {payments.map((payment) => (
              <Stack
                as="li"
                key={payment.id}
                gap="1"
                borderWidth="1px"
                borderColor="border.muted"
                borderRadius="lg"
                p="3"
              >
                <HStack justify="space-between">
                  <Text fontWeight="semibold" color="ink">
                    {formatCents(payment.amountCents, payment.currency)}
                  </Text>
                  <PaymentStatus payment={payment} />
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {payment.status === "paid" ? `Paid ${when(payment)}` : `Failed ${when(payment)}`}
                  {payment.invoiceNumber ? ` · ${payment.invoiceNumber}` : ""}
                </Text>
                {period(payment) ? (
                  <Text fontSize="xs" color="fg.muted">
                    {period(payment)}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        </>
      )}
    </SectionCard>
  );
}
