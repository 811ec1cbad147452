import { Button, Input, InputGroup, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuSearch, LuUserPlus, LuUsers } from "react-icons/lu";
import { PAGE_SIZE } from "../../../shared/schemas/common";
import type { ManagerOverview, TeamMember } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { useDebouncedSearch } from "../../ui/filters";
import { toastOutcome } from "../../ui/mutationToasts";
import { Pager } from "../../ui/Pager";
import { PanelHeader } from "../../ui/PanelHeader";
import { InlineLoadError, Notice } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { PurchaseClaimQueue } from "../purchases";
import { ManagerTransfersPanel } from "../transfers";
import { AddSalespersonDialog } from "./AddSalespersonDialog";
import { CertificationQueue } from "./CertificationQueue";
import { PendingInvitations } from "./PendingInvitations";
import { PendingVerifications, useTeamRefresh } from "./PendingVerifications";
import { TeamMembersCard } from "./TeamMembersCard";
import { TeamTable } from "./TeamTable";

export function TeamPanel({ overview }: { overview: ManagerOverview }) {
  const { text: search, setText: setSearch, search: query } = useDebouncedSearch(250);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const removing = useDialogSubject<TeamMember>();
  const pageSize = PAGE_SIZE.default;
  const team = trpc.manager.team.useQuery(
    { search: query || undefined, page, pageSize },
    { placeholderData: (previous) => previous },
  );
  const refresh = useTeamRefresh();
  const remove = trpc.manager.removeSalesperson.useMutation();
  const { plan, dealership } = overview;

  const confirmRemove = () => {
    const subject = removing.subject;
    if (!subject) return;
    remove.mutate(
      { salespersonId: subject.id },
      toastOutcome(
        {
          title: "Salesperson removed",
          description: `${subject.name} is now an independent salesperson and keeps their reviews.`,
        },
        "Failed to remove salesperson",
        () => removing.setOpen(false),
      ),
    );
  };

  return (
    <Stack gap="6">
      <PanelHeader
        title="Sales Team"
        description={
          plan.salespersonLimit === null
            ? `${plan.used} salespeople and open invitations on the ${plan.name} plan, which has no limit.`
            : `${plan.used} of ${plan.salespersonLimit} places used on the ${plan.name} plan (salespeople and open invitations).`
        }
      >
        <Button colorPalette="blue" onClick={() => setAdding(true)}>
          <LuUserPlus /> Add Salesperson
        </Button>
      </PanelHeader>
      {plan.limitReached ? (
        <Text fontSize="sm" color="red.700" role="status">
          Plan Limit Reached: your team is at the {plan.name} plan's limit of {plan.salespersonLimit}{" "}
          salespeople.
        </Text>
      ) : null}

      <TeamMembersCard />

      <PendingVerifications />
      <CertificationQueue description="Your salespeople's certifications. Verify the ones you have checked; a rejected one is removed and the salesperson is told." />
      <PurchaseClaimQueue description="Buyers who say they bought from your team. Confirm the ones your sales records show; their reviews then say “Verified purchase”. A declined buyer is told your reason." />

      <PendingInvitations onChanged={refresh} />

      <ManagerTransfersPanel />

      <SectionCard title="Salespeople" description="Everyone selling for your dealership, by name.">
        <InputGroup startElement={<LuSearch />} maxW={{ md: "sm" }}>
          <Input
            type="search"
            placeholder="Search by name or email"
            aria-label="Search your team"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </InputGroup>
        {team.isPending ? (
          <Stack gap="2" role="status" aria-busy="true" aria-label="Loading team">
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders never reorder.
              <Skeleton key={i} height="12" borderRadius="md" />
            ))}
          </Stack>
        ) : team.isError ? (
          <InlineLoadError message="We couldn't load your team" onRetry={() => void team.refetch()} />
        ) : team.data.items.length === 0 ? (
          <Notice
            icon={LuUsers}
            size="sm"
            title={query ? "No salespeople match your search" : "No salespeople yet"}
            description={
              query ? "Try another name or e-mail address." : "Add your first salesperson to build your team."
            }
          />
        ) : (
          <Stack gap="3">
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {team.data.total} {team.data.total === 1 ? "salesperson" : "salespeople"}
              {query ? ` matching “${query}”` : ""}
            </Text>
            <TeamTable members={team.data.items} onRemove={removing.show} />
            {team.data.total > pageSize ? (
              <Pager
                count={team.data.total}
                pageSize={pageSize}
                page={page}
                onPageChange={setPage}
                labels={{ previous: "Previous page", next: "Next page", page: (p) => `Page ${p}` }}
              />
            ) : null}
          </Stack>
        )}
      </SectionCard>

      <AddSalespersonDialog
        open={adding}
        onOpenChange={setAdding}
        dealershipName={dealership.name}
        plan={plan}
        onAdded={refresh}
      />
      <ConfirmDialog
        open={removing.open}
        onOpenChange={removing.setOpen}
        title="Remove from your team?"
        description={`${removing.subject?.name ?? "This salesperson"} becomes an independent salesperson. They keep their ratings, reviews and appointment history, and can join a dealership again later.`}
        confirmLabel="Remove"
        pendingLabel="Removing"
        isPending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Stack>
  );
}
