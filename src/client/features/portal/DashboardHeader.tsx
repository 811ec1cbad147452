import { Badge, Button, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { LuBadgeCheck, LuClock, LuHouse, LuLogOut, LuMapPin } from "react-icons/lu";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { trpc } from "../../trpc";
import { Eyebrow } from "../../ui/Eyebrow";
import { PageBand } from "../../ui/layout/PageBand";
import { ProfilePhoto } from "../../ui/ProfilePhoto";
import { StatusBadge } from "../../ui/StatusBadge";

/** Signs out on the server, forgets everything cached for this account, and returns to the portal. */
function useLogout() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation();
  const run = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      // docs/product/api.md#error-messages: sign-out errors are only logged; the session cookie expires on its own.
      console.warn("Sign-out failed", error);
    }
    utils.auth.me.setData(undefined, null);
    await navigate({ to: "/salesperson-login" });
    queryClient.removeQueries();
    utils.auth.me.setData(undefined, null);
  };
  return { run, isPending: logout.isPending };
}

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
 * Who is signed in, their status and verification, and Home and Logout. The notification bell lives in the
 * AppShell top bar above this header, shared with every signed-in page.
 */
export function DashboardHeader({ salesperson }: { salesperson: SalespersonDetail }) {
  const logout = useLogout();
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
          <Button
            variant="outline"
            size="sm"
            bg="white"
            loading={logout.isPending}
            loadingText="Logging out"
            onClick={() => void logout.run()}
          >
            <LuLogOut /> Logout
          </Button>
        </HStack>
      </Flex>
    </PageBand>
  );
}
