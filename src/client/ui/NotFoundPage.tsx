import { Center, Heading, Stack, Text } from "@chakra-ui/react";
import { LuCompass } from "./icons";
import { PublicLayout } from "./layout/PublicLayout";
import { HomeButton } from "./links";
import { IconCircle } from "./Showcase";
import { useDocumentTitle } from "./useDocumentTitle";

export function NotFoundPage() {
  useDocumentTitle(
    "404 Page Not Found",
    "This page doesn't exist on KnowBefore. Head back to the home page to find verified car salespeople.",
  );
  return (
    <PublicLayout>
      <Center flex="1" px="6" py="24">
        <Stack align="center" textAlign="center" gap="4" maxW="md">
          <IconCircle icon={LuCompass} bg="brand.subtle" color="brand.fg" />
          <Heading as="h1" size="2xl" color="ink">
            404 Page Not Found
          </Heading>
          <Text color="fg.muted">Did you forget to add the page to the router?</Text>
          <HomeButton colorPalette="blue" mt="2" />
        </Stack>
      </Center>
    </PublicLayout>
  );
}
