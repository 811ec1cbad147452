import { Badge, Button, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuBadgeCheck, LuClock, LuHouse, LuMapPin } from "react-icons/lu";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { Eyebrow } from "../../ui/Eyebrow";
import { PageBand } from "../../ui/layout/PageBand";
import { ProfilePhoto } from "../../ui/ProfilePhoto";
import { StatusBadge } from "../../ui/StatusBadge";

function VerificationBadge({ salesperson }: { salesperson: SalespersonDetail }) {
  if (!salesperson.dealership) {
    return (
      <Badge colorPalette="gray" variant="subtle" borderRadius="full" px="2.5">
        Independent
      </Badge>
    );
  }
  return salesperson.verifiedBy ? (
    <Badge colorPalette="green" variant="subtle" borderRadius="full" px="2.5">
      <LuBadgeCheck aria-hidden /> Verified by {salesperson.verifiedBy}
    </Badge>
  ) : (
    <Badge colorPalette="yellow" variant="subtle" borderRadius="full" px="2.5">
      <LuClock aria-hidden /> Verification pending
    </Badge>
  );
}

/**
 * Who is signed in, their status and verification, and Home. Sign out and the notification bell live in the
 * AppShell top bar above this header, shared with every signed-in page (one sign-out control, one wording).
 */
export function DashboardHeader({ salesperson }: { salesperson: SalespersonDetail }) {
  return (
    <PageBand pt={{ base: "5", md: "7" }} pb="5">
      <Flex
        gap="4"
        justify="space-between"
        align={{ base: "stretch", md: "center" }}
        direction={{ base: "column", md: "row" }}
      >
        <HStack gap="4" minW="0" align="center">
          <ProfilePhoto
            framed="2px"
            src={salesperson.profileImageUrl}
            name={salesperson.name}
            boxSize={{ base: "14", md: "16" }}
            borderRadius="full"
          />
          <Stack gap="1.5" minW="0">
            <Eyebrow>Salesperson dashboard</Eyebrow>
            <Heading as="h1" size={{ base: "xl", md: "2xl" }} color="ink" letterSpacing="-0.02em" truncate>
              {salesperson.name}
            </Heading>
            <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
              <StatusBadge status={salesperson.status} />
              <VerificationBadge salesperson={salesperson} />
              <HStack gap="1" hideBelow="sm">
                <LuMapPin aria-hidden />
                <Text>
                  {salesperson.city}, {salesperson.state}
                </Text>
              </HStack>
            </HStack>
          </Stack>
        </HStack>
        <HStack gap="2" justify={{ base: "flex-start", md: "flex-end" }} flexShrink={0}>
          <Button asChild variant="outline" size="sm" bg="white">
            <Link to="/">
              <LuHouse /> Home
            </Link>
          </Button>
        </HStack>
      </Flex>
    </PageBand>
  );
}
