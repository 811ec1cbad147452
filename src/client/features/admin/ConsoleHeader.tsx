// The admin console's top bar: the product's logo, the signed-in administrator, the way to the API keys and
// home, and signing out.
import { Box, Button, Container, Flex, HStack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { LuHouse, LuKeyRound, LuLogOut } from "react-icons/lu";
import { clearAdminSession } from "../../adminSession";
import { trpc } from "../../trpc";
import { Eyebrow } from "../../ui/Eyebrow";
import { Logo } from "../../ui/layout/Logo";

/** Ends the console session on the server, forgets the token and everything read with it. */
function useAdminLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.admin.logout.useMutation();
  const run = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      // The token is forgotten either way; an unreachable server lets it expire on its own.
      console.warn("Sign-out failed", error);
    }
    clearAdminSession();
    queryClient.removeQueries();
    await navigate({ to: "/admin/login" });
  };
  return { run, isPending: logout.isPending };
}

export function ConsoleHeader({ email }: { email: string }) {
  const logout = useAdminLogout();
  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="border.muted">
      <Container maxW="7xl" py="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="3" minW="0">
            <Logo />
            <Eyebrow hideBelow="sm">Admin console</Eyebrow>
          </HStack>
          <HStack gap="2">
            <Text hideBelow="md" fontSize="sm" color="fg.muted" truncate maxW="64">
              {email}
            </Text>
            <Button asChild variant="ghost" size="sm" aria-label="API keys">
              <Link to="/api-keys">
                <LuKeyRound />
                <Text as="span" hideBelow="sm">
                  API keys
                </Text>
              </Link>
            </Button>
            <Button asChild variant="ghost" size="sm" aria-label="Home">
              <a href="/">
                <LuHouse />
                <Text as="span" hideBelow="sm">
                  Home
                </Text>
              </a>
            </Button>
            <Button
              variant="outline"
              size="sm"
              loading={logout.isPending}
              loadingText="Signing out"
              onClick={() => void logout.run()}
            >
              <LuLogOut /> Sign out
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
