import { Button, Center, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { PublicLayout } from "./layout/PublicLayout";
import { HomeButton } from "./links";
import { useDocumentTitle } from "./useDocumentTitle";

/** Shown when a page crashes while rendering; offers a reload and a way home. */
export function ErrorPage() {
  useDocumentTitle("Something went wrong");
  return (
    <PublicLayout>
      <Center flex="1" px="6" py="24">
        <Stack align="center" textAlign="center" gap="4" maxW="md">
          <Heading as="h1" size="2xl" color="ink">
            Something went wrong
          </Heading>
          <Text color="fg.muted">This page could not be shown. Reload to try again, or head back home.</Text>
          <HStack gap="3">
            <Button colorPalette="blue" onClick={() => window.location.reload()}>
              Reload page
            </Button>
            <HomeButton variant="outline" />
          </HStack>
        </Stack>
      </Center>
    </PublicLayout>
  );
}
