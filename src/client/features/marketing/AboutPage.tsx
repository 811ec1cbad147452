import { Box, Heading, Stack } from "@chakra-ui/react";
import { DocumentPage } from "../documents/DocumentPage";
import { HeadlineStats } from "../landing/HeadlineStats";

/** /about: the 'about-us' document plus the network's live figures. */
export function AboutPage() {
  return (
    <DocumentPage
      slug="about-us"
      eyebrow="About us"
      lead="We're bringing transparency to the showroom floor: buyers choose who they deal with before they go."
      description="About KnowBefore: why we started, what we believe about reviews and salespeople, and how the platform works."
      failureTitle="Error Loading About Us"
      actions={[
        { label: "Start as Customer", to: "/login", primary: true },
        { label: "Contact us", to: "/contact" },
      ]}
    >
      <Stack as="section" aria-labelledby="about-figures" gap="4" maxW="3xl">
        <Heading as="h2" id="about-figures" size="xl" color="ink">
          The network today
        </Heading>
        <Box p={{ base: "5", md: "6" }} borderWidth="1px" borderColor="border.muted" borderRadius="xl">
          <HeadlineStats />
        </Box>
      </Stack>
    </DocumentPage>
  );
}
