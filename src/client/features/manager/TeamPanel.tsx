import {
  Avatar,
  Badge,
  Box,
  Button,
  HStack,
  Input,
  InputGroup,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useEffect, useState } from "react";
import {
  LuBadgeCheck,
  LuSearch,
  LuUserCheck,
  LuUserMinus,
  LuUserPlus,
  LuUsers,
  LuUserX,
} from "react-icons/lu";
import { formatRating } from "../../../shared/constants";
import { PAGE_SIZE } from "../../../shared/schemas/common";
import type { ManagerOverview, TeamMember } from "../../../shared/schemas/manager";
import { apiErrorMessage, trpc } from "../../trpc";
import { ActionRow } from "../../ui/ActionRow";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { mediumDate } from "../../ui/format";
import { Pager } from "../../ui/Pager";
import { PanelHeader } from "../../ui/PanelHeader";
import { InlineLoadError, Notice } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { StatusBadge } from "../../ui/StatusBadge";
import { showToast } from "../../ui/toaster";
import { ManagerTransfersPanel } from "../transfers";
import { AddSalespersonDialog } from "./AddSalespersonDialog";
import { PendingInvitations } from "./PendingInvitations";

/** Everything a team change touches: the lists, the figures and the plan. */
function useTeamRefresh() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([
      utils.manager.team.invalidate(),
      utils.manager.pendingVerifications.invalidate(),
      utils.manager.invitations.invalidate(),
      utils.manager.overview.invalidate(),
      utils.manager.performance.invalidate(),
    ]);
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function PaymentBadge({ model }: { model: TeamMember["paymentModel"] }) {
  return (
    <Badge variant="outline" colorPalette={model === "dealership" ? "blue" : "gray"} borderRadius="full">
      {model === "dealership" ? "Dealership pays" : "Individual"}
    </Badge>
  );
}

function VerificationBadge({ member }: { member: TeamMember }) {
  return member.verifiedAt ? (
    <Badge colorPalette="green" variant="subtle" borderRadius="full">
      <LuBadgeCheck aria-hidden /> Verified
    </Badge>
  ) : (
    <Badge colorPalette="yellow" variant="subtle" borderRadius="full">
      Pending
    </Badge>
  );
}

function Person({ member }: { member: TeamMember }) {
  return (
    <HStack gap="3" minW="0">
      <Avatar.Root size="sm" colorPalette="blue" flexShrink={0}>
        <Avatar.Fallback name={member.name} />
        {member.profileImageUrl ? <Avatar.Image src={member.profileImageUrl} alt="" /> : null}
      </Avatar.Root>
      <Stack gap="0" minW="0">
        <Text fontWeight="semibold" color="ink" truncate>
          {member.name}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {member.email}
        </Text>
      </Stack>
    </HStack>
  );
}

function Ratings({ member }: { member: TeamMember }) {
  return member.totalReviews === 0 ? (
    <Text color="fg.muted">No reviews</Text>
  ) : (
    <Text>
      <Text as="span" fontWeight="semibold" color="ink">
        {formatRating(member.averageRating)}
      </Text>{" "}
      <Text as="span" color="fg.muted">
        ({member.totalReviews} {member.totalReviews === 1 ? "review" : "reviews"})
      </Text>
    </Text>
  );
}

/** A row of the team: a table row from tablets up, a card on phones. */
function TeamTable({ members, onRemove }: { members: TeamMember[]; onRemove: (member: TeamMember) => void }) {
  return (
    <>
      <Table.ScrollArea hideBelow="md" borderWidth="1px" borderColor="border.muted" borderRadius="lg">
        <Table.Root size="sm" interactive>
          <Table.Caption srOnly>Salespeople on your team</Table.Caption>
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader>Salesperson</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Rating</Table.ColumnHeader>
              <Table.ColumnHeader>Experience</Table.ColumnHeader>
              <Table.ColumnHeader>Payment</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {members.map((member) => (
              <Table.Row key={member.id}>
                <Table.Cell maxW="72">
                  <Person member={member} />
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1.5" wrap="wrap">
                    <StatusBadge status={member.status} />
                    <VerificationBadge member={member} />
                  </HStack>
                </Table.Cell>
                <Table.Cell>
                  <Ratings member={member} />
                </Table.Cell>
                <Table.Cell>
                  {member.yearsOfExperience} {member.yearsOfExperience === 1 ? "year" : "years"}
                </Table.Cell>
                <Table.Cell>
                  <PaymentBadge model={member.paymentModel} />
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => onRemove(member)}
                    aria-label={`Remove ${member.name} from the team`}
                  >
                    <LuUserMinus /> Remove
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack as="ul" listStyleType="none" gap="3" hideFrom="md" aria-label="Salespeople on your team">
        {members.map((member) => (
          <Box
            as="li"
            key={member.id}
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="lg"
            p="3.5"
            bg="white"
          >
            <Stack gap="2.5">
              <Person member={member} />
              <HStack gap="1.5" wrap="wrap">
                <StatusBadge status={member.status} />
                <VerificationBadge member={member} />
                <PaymentBadge model={member.paymentModel} />
              </HStack>
              <HStack justify="space-between" fontSize="sm" gap="2">
                <Ratings member={member} />
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => onRemove(member)}
                  aria-label={`Remove ${member.name} from the team`}
                >
                  <LuUserMinus /> Remove
                </Button>
              </HStack>
            </Stack>
          </Box>
        ))}
      </Stack>
    </>
  );
}

/** Registrations with the dealership that its manager has not confirmed yet: confirm, or reject (independent). */
function PendingVerifications() {
  const pending = trpc.manager.pendingVerifications.useQuery();
  const refresh = useTeamRefresh();
  const verify = trpc.portal.verify.useMutation();
  const reject = trpc.manager.rejectSalesperson.useMutation();
  const [rejecting, setRejecting] = useState<TeamMember | null>(null);

  if (pending.isPending) return <Skeleton height="20" borderRadius="xl" />;
  if (pending.isError)
    return (
      <InlineLoadError
        message="We couldn't load pending verifications"
        onRetry={() => void pending.refetch()}
      />
    );
  if (pending.data.length === 0) return null;

  const confirm = (member: TeamMember) =>
    verify.mutate(
      { salespersonId: member.id, verified: true },
      {
        onSuccess: async () => {
          showToast({
            title: "Salesperson verified",
            description: `${member.name}'s profile now says 'Verified by' your dealership.`,
            variant: "success",
          });
          await refresh();
        },
        onError: (error) =>
          showToast({
            title: "Couldn't verify the salesperson",
            description: apiErrorMessage(error, "Please try again."),
            variant: "destructive",
          }),
      },
    );

  return (
    <SectionCard
      title={`Pending verifications (${pending.data.length})`}
      label="Pending verifications"
      description="These salespeople registered with your dealership. Confirm the ones who work for you; a rejected registration becomes an independent profile."
      borderColor="yellow.300"
    >
      <Stack as="ul" listStyleType="none" gap="3">
        {pending.data.map((member) => (
          <ActionRow
            key={member.id}
            actions={
              <HStack gap="2" flexShrink={0}>
                <Button
                  size="sm"
                  colorPalette="green"
                  loading={verify.isPending && verify.variables?.salespersonId === member.id}
                  loadingText="Confirming"
                  onClick={() => confirm(member)}
                  aria-label={`Confirm ${member.name}`}
                >
                  <LuUserCheck /> Confirm
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => setRejecting(member)}
                  aria-label={`Reject ${member.name}`}
                >
                  <LuUserX /> Reject
                </Button>
              </HStack>
            }
          >
            <Person member={member} />
            <Text fontSize="xs" color="fg.muted" ps="11">
              Registered {mediumDate.format(new Date(member.createdAt))}
            </Text>
          </ActionRow>
        ))}
      </Stack>
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title="Reject this registration?"
        description={`${rejecting?.name ?? "This salesperson"} will no longer be listed with your dealership. Their profile stays on KnowBefore as an independent salesperson.`}
        confirmLabel="Reject"
        pendingLabel="Rejecting"
        isPending={reject.isPending}
        onConfirm={() => {
          if (!rejecting) return;
          reject.mutate(
            { salespersonId: rejecting.id },
            {
              onSuccess: async () => {
                showToast({
                  title: "Registration rejected",
                  description: `${rejecting.name} is now an independent salesperson.`,
                  variant: "success",
                });
                setRejecting(null);
                await refresh();
              },
              onError: (error) =>
                showToast({
                  title: "Couldn't reject the registration",
                  description: apiErrorMessage(error, "Please try again."),
                  variant: "destructive",
                }),
            },
          );
        }}
      />
    </SectionCard>
  );
}

export function TeamPanel({ overview }: { overview: ManagerOverview }) {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const query = useDebounced(search.trim(), 250);
  const pageSize = PAGE_SIZE.default;
  const team = trpc.manager.team.useQuery(
    { search: query || undefined, page, pageSize },
    { placeholderData: (previous) => previous },
  );
  const refresh = useTeamRefresh();
  const remove = trpc.manager.removeSalesperson.useMutation();
  const { plan, dealership } = overview;

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { salespersonId: removing.id },
      {
        onSuccess: async () => {
          showToast({
            title: "Salesperson removed",
            description: `${removing.name} is now an independent salesperson and keeps their reviews.`,
            variant: "success",
          });
          setRemoving(null);
          await refresh();
        },
        onError: (error) =>
          showToast({
            title: "Failed to remove salesperson",
            description: apiErrorMessage(error, "Please try again."),
            variant: "destructive",
          }),
      },
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

      <PendingVerifications />

      <PendingInvitations onChanged={refresh} />

      <ManagerTransfersPanel />

      <SectionCard title="Team members" description="Everyone on your dealership's team, by name.">
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
          <Stack gap="2" aria-busy="true" aria-label="Loading team">
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
            <TeamTable members={team.data.items} onRemove={setRemoving} />
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
        onAdded={refresh}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove from your team?"
        description={`${removing?.name ?? "This salesperson"} becomes an independent salesperson. They keep their ratings, reviews and appointment history, and can join a dealership again later.`}
        confirmLabel="Remove"
        pendingLabel="Removing"
        isPending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </Stack>
  );
}
