import { Alert, Badge, Button, HStack, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import {
  LuBuilding2,
  LuCreditCard,
  LuGlobe,
  LuMapPin,
  LuMessageSquareText,
  LuPhone,
  LuStar,
  LuUsers,
} from "react-icons/lu";
import { chargeCents, formatCents, PLANS } from "../../../shared/plans";
import type { ManagerOverview } from "../../../shared/schemas/manager";
import { ratingText } from "../../ui/Rating";
import { SectionCard } from "../../ui/SectionCard";
import { SkeletonTiles } from "../../ui/SkeletonTiles";
import { useSession } from "../../ui/session";
import { ContactLine, PostalAddress, telHref } from "../maps";
import { OWNERS_MANAGE_PLAN, planIsTheOwners } from "../subscriptions";
import { wholeNumber } from "./format";
import { type ManagerStat, StatTiles } from "./StatTile";

export function OverviewSkeleton() {
  return <SkeletonTiles label="Loading overview" h="28" gap="4" columns={{ base: 2, lg: 4 }} />;
}

/**
 * The Subscription Plan card (docs/product/dealerships.md#manager-dashboard): the plan from the dealership's subscription row (the free allowance without
 * one), its status, how many salespeople it covers, and the warning at the limit.
 */
export function PlanCard({
  plan,
  onManageTeam,
}: {
  plan: ManagerOverview["plan"];
  onManageTeam?: () => void;
}) {
  const { user } = useSession();
  const limit = plan.salespersonLimit;
  const status =
    plan.status === null
      ? "No paid plan"
      : plan.status === "trialing"
        ? "Free trial"
        : plan.status === "active"
          ? "Active"
          : plan.status.replaceAll("_", " ");
  return (
    <SectionCard
      title="Subscription Plan"
      description="What your dealership pays and how many salespeople it covers."
    >
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Stack gap="0.5">
          <HStack gap="2">
            <Text fontWeight="semibold" fontSize="lg" color="ink">
              {plan.name}
            </Text>
            <Badge
              colorPalette={
                plan.limitReached
                  ? "red"
                  : plan.status === null
                    ? "gray"
                    : plan.status === "past_due"
                      ? "orange"
                      : "green"
              }
              variant="subtle"
              borderRadius="full"
              textTransform="capitalize"
            >
              {plan.limitReached ? "At limit" : status}
            </Badge>
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            {formatCents(plan.amountCents)}/{plan.interval ?? "month"} ·{" "}
            {limit === null ? "unlimited salespeople" : `up to ${limit} salespeople`}
          </Text>
        </Stack>
        <Text
          fontSize="sm"
          color="fg.muted"
          aria-label={
            limit === null
              ? `${plan.used} salespeople, no limit`
              : `${plan.used} of ${limit} salespeople used`
          }
        >
          <Text as="span" fontWeight="semibold" color="ink" fontSize="lg">
            {plan.used}
          </Text>{" "}
          {limit === null ? "salespeople" : `/ ${limit} salespeople`}
        </Text>
      </HStack>
      {limit === null ? null : (
        <progress
          value={Math.min(plan.used, limit)}
          max={limit}
          aria-label="Salespeople used on your plan"
          style={{ width: "100%", height: "0.5rem", accentColor: plan.limitReached ? "#dc2626" : "#2563eb" }}
        />
      )}
      {plan.limitReached ? (
        <Alert.Root status="warning" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Plan Limit Reached</Alert.Title>
            <Alert.Description>
              Your team has {plan.used} salespeople, the most the {plan.name} plan allows. Remove a
              salesperson or upgrade your plan to add someone new.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {plan.planId === null ? <PaidPlansLine /> : null}
      <HStack gap="2" wrap="wrap">
        {planIsTheOwners(user) ? (
          <Text fontSize="sm" color="fg.muted" flexBasis="full">
            {OWNERS_MANAGE_PLAN}
          </Text>
        ) : (
          <Button asChild size="sm" variant="outline">
            <a href="/dealer-subscription">
              <LuCreditCard /> {plan.planId === null ? "Upgrade plan" : "Manage plan"}
            </a>
          </Button>
        )}
        {onManageTeam ? (
          <Button size="sm" variant="ghost" onClick={onManageTeam}>
            <LuUsers /> Manage team
          </Button>
        ) : null}
      </HStack>
    </SectionCard>
  );
}

const basic = PLANS["dealer-basic"];
const seats = PLANS["dealer-professional"];

/** Without a paid plan: what the paid plans charge, as checkout charges it (src/shared/plans.ts). */
function PaidPlansLine() {
  return (
    <Text fontSize="sm" color="fg.muted">
      {basic.name}: {formatCents(chargeCents(basic, "month"))}/month, {basic.summary.toLowerCase()}{" "}
      {seats.name}: {formatCents(seats.unitAmountCents)} per salesperson per month, at least{" "}
      {seats.minQuantity}.
    </Text>
  );
}

function websiteLabel(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

export function ContactCard({ dealership }: { dealership: ManagerOverview["dealership"] }) {
  return (
    <SectionCard title="Dealership contact" description="How customers reach your dealership.">
      <Stack gap="3" fontSize="sm">
        <ContactLine icon={LuMapPin} gap="2.5">
          <PostalAddress place={dealership} />
        </ContactLine>
        <ContactLine icon={LuPhone} gap="2.5">
          {dealership.phoneNumber ? (
            <Link href={telHref(dealership.phoneNumber)} color="blue.700">
              {dealership.phoneNumber}
            </Link>
          ) : (
            <Text color="fg.muted">No phone number on file</Text>
          )}
        </ContactLine>
        <ContactLine icon={LuGlobe} gap="2.5">
          {dealership.website ? (
            <Link
              href={dealership.website}
              target="_blank"
              rel="noopener noreferrer"
              color="blue.700"
              truncate
            >
              {websiteLabel(dealership.website)}
            </Link>
          ) : (
            <Text color="fg.muted">No website on file</Text>
          )}
        </ContactLine>
      </Stack>
    </SectionCard>
  );
}

export function OverviewPanel({
  overview,
  onManageTeam,
}: {
  overview: ManagerOverview;
  onManageTeam: () => void;
}) {
  const { dealership } = overview;
  const stats: ManagerStat[] = [
    {
      label: "Total salespeople",
      value: wholeNumber.format(overview.totalSalespeople),
      help:
        overview.pendingVerifications > 0
          ? `${overview.pendingVerifications} waiting for verification`
          : "All verified",
      icon: LuUsers,
      palette: "blue",
    },
    {
      label: "Average rating",
      value: ratingText(overview.averageRating),
      help: overview.averageRating === null ? "No reviews yet" : "Across all team reviews",
      icon: LuStar,
      palette: "yellow",
    },
    {
      label: "Total reviews",
      value: wholeNumber.format(overview.totalReviews),
      help: "Published reviews of completed visits",
      icon: LuMessageSquareText,
      palette: "green",
    },
    {
      label: "Dealership",
      value: (
        <Text as="span" fontSize={{ base: "md", md: "xl" }} display="block" lineHeight="short">
          {dealership.name}
        </Text>
      ),
      help: `${dealership.city}, ${dealership.state}`,
      icon: LuBuilding2,
      palette: "purple",
    },
  ];
  return (
    <Stack gap="6">
      <StatTiles stats={stats} columns={{ base: 2, lg: 4 }} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
        <PlanCard plan={overview.plan} onManageTeam={onManageTeam} />
        <ContactCard dealership={dealership} />
      </SimpleGrid>
    </Stack>
  );
}
