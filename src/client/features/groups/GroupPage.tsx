// /group: a dealer group's own page for its people (docs/product/dealerships.md#the-dealer-group-page): the group,
// its dealerships side by side with the way into each one's dashboard, and, for its owners and managers, the
// month's report comparing them.
import { Badge, Container, HStack, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { GROUP_ROLE_LABELS, isGroupLead } from "../../../shared/constants";
import { AccessDenied, PortalSignIn, SessionLoading } from "../../ui/AccessGate";
import { countOf } from "../../ui/format";
import { AppShell } from "../../ui/layout/AppShell";
import { PageHeader } from "../../ui/layout/PageHeader";
import { useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { DealershipCards } from "./DealershipCards";
import { GroupPeopleCard } from "./GroupPeopleCard";
import { GroupPlanCard } from "./GroupPlanCard";
import { GroupReportCard } from "./GroupReport";
import { groupQueries } from "./queries";

const DESCRIPTION =
  "Your dealer group's dealerships side by side: their teams, ratings, visits and monthly report.";

function Group() {
  const { data: group } = useSuspenseQuery(groupQueries.mine());
  useDocumentTitle(`${group.name} · Dealer group`, DESCRIPTION);
  const leads = isGroupLead(group.role);
  return (
    <>
      <PageHeader eyebrow="Dealer group" title={group.name}>
        <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
          <Badge colorPalette="blue" variant="subtle" borderRadius="full" data-group-role>
            {GROUP_ROLE_LABELS[group.role]}
          </Badge>
          <Text>{countOf(group.dealerships.length, "dealership")}</Text>
        </HStack>
      </PageHeader>
      <Container maxW="7xl" py={{ base: "5", md: "8" }}>
        <Stack gap={{ base: "8", md: "10" }}>
          <DealershipCards group={group} />
          {leads ? <GroupReportCard /> : null}
          <GroupPeopleCard />
          {/* The group's plan: its owners' only (the card shows nothing to anyone else). */}
          <GroupPlanCard />
        </Stack>
      </Container>
    </>
  );
}

function SignIn() {
  useDocumentTitle("Dealer group", DESCRIPTION);
  return (
    <PortalSignIn
      title="Sign in to see your dealer group"
      description="The people of a dealer group sign in through the salesperson portal."
    />
  );
}

/** /group: for the people of a dealer group; signed-out visitors are asked to sign in, anyone else is denied. */
export function GroupPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <SessionLoading />;
  if (!user) return <SignIn />;
  if (user.groupId == null)
    return (
      <AccessDenied
        description="The dealer group page is for the people of a dealer group. Ask your group's owner to add you to it."
        pageDescription={DESCRIPTION}
      />
    );
  return (
    <AppShell>
      <Group />
    </AppShell>
  );
}
