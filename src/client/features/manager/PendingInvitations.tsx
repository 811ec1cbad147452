import { useSuspenseQuery } from "@tanstack/react-query";
import { SectionCard } from "../../ui/SectionCard";
import { SentInvitationList } from "../invitations";
import { managerQueries } from "./queries";
import { WaitingList } from "./WaitingList";

/**
 * Invitations to the team not answered yet: each holds a place on the plan until it is answered, revoked or
 * expires. The salesperson joins only by accepting.
 */
export function PendingInvitations({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const { data } = useSuspenseQuery(managerQueries.invitations());
  return (
    <WaitingList items={data}>
      {(waiting) => (
        <SectionCard
          title={`Invitations waiting for an answer (${waiting.length})`}
          label="Pending invitations"
          description="Each invitee joins your team when they accept the invitation e-mailed to them. Resending mails a new link and gives them another week."
        >
          <SentInvitationList invitations={waiting} showDealership={false} onChanged={onChanged} />
        </SectionCard>
      )}
    </WaitingList>
  );
}
