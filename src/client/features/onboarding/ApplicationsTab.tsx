// The admin console's Applications tab: confirmed dealership applications, pending first by their decision clock
// (docs/product/onboarding.md#decision-time), each with what it may duplicate; approve (creates the dealership, invites its manager) or decline with a reason (e-mailed).
import { Badge, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { LuCopy, LuInbox } from "react-icons/lu";
import type { ApplicationStatus } from "../../../shared/constants";
import {
  APPLICATION_DECLINE_REASON_REQUIRED,
  type ApplicationDuplicate,
  type DealershipApplication,
} from "../../../shared/schemas/onboarding";
import { trpc } from "../../trpc";
import { DecisionReason } from "../../ui/DecisionReason";
import { dueLabel, mediumDate, mediumDateTime } from "../../ui/format";
import { decisionOutcome } from "../../ui/mutationOutcome";
import { ClockBadge, capitalise } from "../../ui/StatusBadge";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { type DecisionTexts, RequestQueue, RequestRow, useStatusQueue } from "../transfers";

type Filter = Exclude<ApplicationStatus, "unconfirmed">;
const FILTERS: { value: "" | Filter; label: string }[] = [
  { value: "", label: "All (pending first)" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "declined", label: "Declined" },
];

/** The tab's header; the decision time is the server's, the one its clock runs on. */
function header(decisionHours: number | undefined) {
  const clock = decisionHours
    ? `; each is due for a decision within ${decisionHours} hours, the earliest due at the top`
    : "";
  return {
    title: "Applications",
    description: `Dealerships asking to be listed, once the applicant has confirmed their e-mail${clock}. Check possible duplicates before approving.`,
    pendingLabel: "Pending applications",
  };
}

const STATUS_PALETTE: Record<ApplicationStatus, string> = {
  unconfirmed: "gray",
  pending: "blue",
  approved: "green",
  declined: "red",
};

const DECISIONS = {
  decline: {
    title: "Decline application",
    subtitle: "No dealership is created. The applicant is e-mailed your reason.",
    reasonLabel: "Reason",
    reasonHint: "Required. E-mailed to the applicant.",
    requiredMessage: APPLICATION_DECLINE_REASON_REQUIRED,
    confirmLabel: "Decline application",
    pendingLabel: "Declining…",
    palette: "red",
  },
  approve: {
    title: "Approve application",
    subtitle:
      "Creates the dealership at its ZIP code's centre and e-mails the applicant an invitation to manage it.",
    reasonLabel: "Note",
    reasonHint: "Kept in the audit trail.",
    confirmLabel: "Approve and invite",
    pendingLabel: "Approving…",
    palette: "green",
  },
} satisfies Record<string, DecisionTexts>;

type Decision = { transfer: DealershipApplication; decision: keyof typeof DECISIONS };

function duplicateText(d: ApplicationDuplicate): string {
  const what = d.kind === "dealership" ? "Listed dealership" : `Application #${d.id}`;
  const why = d.match === "name_zip" ? "same name and ZIP" : "same website";
  return `${what}: ${d.name}, ${d.city}, ${d.state} (${why})`;
}

function ApplicationRow({ app, onDecide }: { app: DealershipApplication; onDecide: (d: Decision) => void }) {
  return (
    <RequestRow
      label={`Application for ${app.dealershipName}`}
      columns="minmax(0, 1.4fr) minmax(0, 1.4fr)"
      align="start"
      name={app.dealershipName}
      badge={
        <HStack as="span" gap="1.5" wrap="wrap">
          <Badge colorPalette={STATUS_PALETTE[app.status]} variant="subtle" borderRadius="full" px="2.5">
            {capitalise(app.status)}
          </Badge>
          <ClockBadge label={dueLabel(new Date(app.dueAt), new Date(), app.status === "pending")} />
        </HStack>
      }
      about={
        <>
          <Text fontSize="sm" color="fg.muted">
            {app.address}, {app.city}, {app.state} {app.zipCode}
          </Text>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {app.phoneNumber}
            {app.website ? (
              <>
                {" · "}
                <Link href={app.website} target="_blank" rel="noreferrer noopener" color="blue.700">
                  {app.website.replace(/^https?:\/\//, "")}
                </Link>
              </>
            ) : null}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Received {mediumDateTime.format(new Date(app.receivedAt))}
            {app.decidedAt
              ? ` · decided ${mediumDate.format(new Date(app.decidedAt))}`
              : ` · decision due by ${mediumDateTime.format(new Date(app.dueAt))}`}
          </Text>
        </>
      }
      waiting={app.status === "pending"}
      no={{ label: "Decline", onClick: () => onDecide({ transfer: app, decision: "decline" }) }}
      yes={{ label: "Approve", onClick: () => onDecide({ transfer: app, decision: "approve" }) }}
      outcome={
        app.status === "approved"
          ? "Dealership created; its manager was invited."
          : "Declined; the applicant was told why."
      }
    >
      <Stack gap="0">
        <Text textStyle="overline">Applicant</Text>
        <Text fontSize="sm" color="ink">
          {app.applicantName}
        </Text>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          {app.applicantEmail}
        </Text>
        {app.salespersonName ? (
          <Text fontSize="xs" color="purple.700">
            Filed by salesperson {app.salespersonName} while registering
          </Text>
        ) : null}
      </Stack>
      {app.duplicates.length > 0 ? (
        <Stack gap="1" bg="orange.50" borderRadius="md" px="3" py="2" role="note">
          <HStack gap="1.5" color="orange.800" fontSize="sm" fontWeight="semibold">
            <LuCopy aria-hidden /> Possible duplicate
          </HStack>
          {app.duplicates.map((d) => (
            <Text key={`${d.kind}-${d.id}`} fontSize="xs" color="orange.900">
              {duplicateText(d)}
            </Text>
          ))}
        </Stack>
      ) : null}
      <DecisionReason reason={app.decisionReason} fontSize="sm" color="fg.muted" />
    </RequestRow>
  );
}

export function ApplicationsTab() {
  const queue = useStatusQueue<Filter>();
  const utils = trpc.useUtils();
  const list = trpc.onboarding.applications.useQuery(queue.input, queue.options);
  const dialog = useDialogSubject<Decision>();
  const decide = trpc.onboarding.decide.useMutation(
    decisionOutcome(
      dialog,
      (result) =>
        result.status === "approved"
          ? {
              title: "Application approved",
              description: `${result.dealershipName} is listed; ${result.applicantEmail} was invited to manage it.`,
            }
          : {
              title: "Application declined",
              description: `${result.applicantName} was e-mailed your reason.`,
            },
      () => utils.onboarding.applications.invalidate(),
    ),
  );

  return (
    <RequestQueue
      header={header(list.data?.decisionHours)}
      query={list}
      queue={queue}
      statuses={FILTERS}
      listing="applications"
      noun="application"
      toolbar={{ placeholder: "Search by dealership, city or applicant", noun: "application" }}
      rowHeight="28"
      empty={{
        icon: LuInbox,
        description: "When a dealership applies and confirms its e-mail, the application appears here.",
      }}
      decision={{
        dialog,
        texts: DECISIONS,
        summary: (a) => `${a.dealershipName}, ${a.city}, ${a.state} · applicant ${a.applicantName}`,
        mutation: decide,
      }}
    >
      {(app) => <ApplicationRow key={app.id} app={app} onDecide={dialog.show} />}
    </RequestQueue>
  );
}
