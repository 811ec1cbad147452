import { Box, Card, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { AppShell } from "../../ui/layout/AppShell";
import { type SessionUser, useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { YourDataCard } from "../compliance";
import { ProfileForm } from "./ProfileForm";

export function ProfileCard({ user }: { user: SessionUser }) {
  return (
    <Card.Root borderRadius="xl" borderColor="border.muted" boxShadow="xs">
      <Card.Header p={{ base: "5", md: "6" }} pb="0">
        <Heading as="h2" size="md" color="ink">
          Personal information
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Salespeople see your name when you book with them. Your phone number helps them reach you about a
          visit.
        </Text>
      </Card.Header>
      <Card.Body p={{ base: "5", md: "6" }} pt={{ base: "5", md: "5" }}>
        <ProfileForm user={user} />
      </Card.Body>
    </Card.Root>
  );
}

/** /profile: the signed-in person's own details. */
export function ProfilePage() {
  useDocumentTitle("Your profile");
  const { user } = useSession();
  return (
    <AppShell>
      <Container maxW="3xl" py={{ base: "6", md: "10" }}>
        <Stack gap="6">
          <Box>
            <Heading as="h1" size="2xl" color="ink" letterSpacing="-0.02em">
              Your profile
            </Heading>
            <Text color="fg.muted">Keep your contact details current so appointments go smoothly.</Text>
          </Box>
          {user ? <ProfileCard user={user} /> : null}
          {user ? <YourDataCard /> : null}
        </Stack>
      </Container>
    </AppShell>
  );
}
