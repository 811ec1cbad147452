import { Button, Link, SimpleGrid, Skeleton, Stack } from "@chakra-ui/react";
import { LuExternalLink, LuMapPinned, LuPhone, LuUsers } from "react-icons/lu";
import type { ManagerOverview } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { PanelHeader } from "../../ui/PanelHeader";
import { InlineLoadError } from "../../ui/QueryState";
import { DealershipLocationCard, telHref } from "../maps";
import { ShareCard, WebsiteBadgeCard } from "../sharing";
import { DealershipDetailsForm } from "./DealershipDetailsForm";
import { wholeNumber } from "./format";
import { type ManagerStat, StatTile } from "./StatTile";

/**
 * The Dealership tab (docs/product/dealerships.md#manager-dashboard): the details the manager keeps, local and team
 * counts, the map, and the page's share link, QR code and website badge.
 */
export function LocationPanel({ overview }: { overview: ManagerOverview }) {
  const details = trpc.manager.dealership.useQuery();
  const dealership = details.data ?? overview.dealership;
  const stats: ManagerStat[] = [
    {
      label: `Salespeople in ${dealership.city}`,
      value: wholeNumber.format(overview.salespeopleInCity),
      help: `On KnowBefore in ${dealership.city}, ${dealership.state}, at any dealership or independent`,
      icon: LuMapPinned,
      palette: "purple",
    },
    {
      label: "Total team size",
      value: wholeNumber.format(overview.totalSalespeople),
      help: "Salespeople at your dealership",
      icon: LuUsers,
      palette: "blue",
    },
    {
      label: "Phone",
      value: (
        <Link
          href={dealership.phoneNumber ? telHref(dealership.phoneNumber) : undefined}
          color="ink"
          fontSize={{ base: "md", md: "xl" }}
        >
          {dealership.phoneNumber ?? "Not on file"}
        </Link>
      ),
      help: "Shown to customers on salesperson profiles",
      icon: LuPhone,
      palette: "green",
    },
  ];
  return (
    <Stack gap="6">
      <PanelHeader
        title="Dealership"
        description="Where customers find your dealership, and when it is open."
      >
        {dealership.website ? (
          <Button asChild variant="outline" size="sm" bg="white">
            <a href={dealership.website} target="_blank" rel="noopener noreferrer">
              <LuExternalLink /> Visit website
            </a>
          </Button>
        ) : null}
      </PanelHeader>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap={{ base: "3", md: "4" }}>
        {stats.map((stat) => (
          <StatTile key={stat.label} stat={stat} />
        ))}
      </SimpleGrid>
      <DealershipLocationCard
        dealership={{
          id: dealership.id,
          name: dealership.name,
          address: dealership.address,
          city: dealership.city,
          state: dealership.state,
          zipCode: dealership.zipCode,
          latitude: dealership.latitude,
          longitude: dealership.longitude,
          phoneNumber: dealership.phoneNumber,
          website: dealership.website,
          locationPrecision: details.data?.locationPrecision,
          hours: details.data?.hours,
        }}
        title="Your dealership on the map"
        mapHeight="20rem"
      />
      {details.data ? (
        <DealershipDetailsForm key={details.data.updatedAt.toISOString()} details={details.data} />
      ) : details.isError ? (
        <InlineLoadError
          message="We couldn't load your dealership's details"
          onRetry={() => void details.refetch()}
        />
      ) : (
        <Skeleton height="96" borderRadius="xl" />
      )}
      {details.data ? (
        <>
          <ShareCard target={{ dealership: details.data.slug }} name={details.data.name} />
          <WebsiteBadgeCard target={{ dealership: details.data.slug }} />
        </>
      ) : null}
    </Stack>
  );
}
