import { Badge, Link as ChakraLink, Flex, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { MyPurchaseClaim } from "../../../shared/schemas/purchases";
import { trpc } from "../../trpc";
import { formatCalendarDate, mediumDate } from "../../ui/format";
import { InlineLoadError } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { CLAIM_STATUS } from "./claimStatus";

function ClaimRow({ claim }: { claim: MyPurchaseClaim }) {
  const status = CLAIM_STATUS[claim.status];
  const details = [
    claim.vehicle,
    claim.purchaseDate ? `bought ${formatCalendarDate(claim.purchaseDate, "medium")}` : null,
    claim.source === "crm"
      ? "reported by the dealership's sales system"
      : `claimed ${mediumDate.format(new Date(claim.createdAt))}`,
  ].filter(Boolean);
  return (
    <Stack
      as="li"
      gap="1"
      py="3"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: "0", pt: "0" }}
      aria-label={`Purchase from ${claim.salespersonName}`}
    >
      <Flex justify="space-between" gap="2" wrap="wrap" align="center">
        <ChakraLink asChild fontWeight="semibold" color="ink">
          <Link to="/salesperson/$id" params={{ id: String(claim.salespersonId) }}>
            {claim.salespersonName}
            {claim.dealershipName ? ` · ${claim.dealershipName}` : ""}
          </Link>
        </ChakraLink>
        <Badge colorPalette={status.palette} variant="subtle" borderRadius="full">
          {status.label}
        </Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {details.join(" · ")}
      </Text>
      {claim.status === "declined" && claim.declineReason ? (
        <Text fontSize="sm">Reason: {claim.declineReason}</Text>
      ) : null}
    </Stack>
  );
}

/**
 * The buyer's purchase claims and what became of each (the Ratings tab). Nothing at all when they have none:
 * the claim itself starts on a salesperson's profile or a past visit.
 */
export function MyPurchaseClaims() {
  const claims = trpc.purchases.mine.useQuery();
  if (claims.isError)
    return (
      <InlineLoadError
        message="We couldn't load your purchase claims"
        onRetry={() => void claims.refetch()}
      />
    );
  if (!claims.data || claims.data.length === 0) return null;
  return (
    <SectionCard
      title="My purchases"
      description="Purchases you told us about. A confirmed one shows “Verified purchase” on your reviews of that salesperson."
    >
      <Stack as="ul" listStyleType="none" gap="0">
        {claims.data.map((claim) => (
          <ClaimRow key={claim.id} claim={claim} />
        ))}
      </Stack>
    </SectionCard>
  );
}
