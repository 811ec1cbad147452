import { Badge, Card, HStack, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
import { LuKeyRound, LuShieldCheck, LuWebhook } from "react-icons/lu";
import type { CrmProvider } from "../../../shared/crm";
import { SectionCard } from "../../ui/SectionCard";
import { AUTH_TYPE_LABELS, eventLabel } from "./crmLabels";
import type { ProviderCatalogue } from "./types";

function ProviderCard({ provider }: { provider: CrmProvider }) {
  return (
    <Card.Root as="article" size="sm" variant="outline" borderRadius="lg" borderColor="border.muted">
      <Card.Body gap="3">
        <Stack gap="2">
          <Text as="h4" fontWeight="semibold" color="ink">
            {provider.name}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={provider.authType === "oauth" ? "purple" : "blue"} variant="subtle">
              {provider.authType === "oauth" ? <LuShieldCheck aria-hidden /> : <LuKeyRound aria-hidden />}
              {AUTH_TYPE_LABELS[provider.authType]}
            </Badge>
            <Badge colorPalette={provider.webhookSupport ? "green" : "gray"} variant="subtle">
              <LuWebhook aria-hidden />
              {provider.webhookSupport ? "Webhooks" : "No webhooks"}
            </Badge>
          </HStack>
        </Stack>
        <Stack gap="1.5">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
            Supported events
          </Text>
          <Wrap as="ul" gap="1.5" listStyleType="none">
            {provider.supportedEvents.map((event) => (
              <Badge as="li" key={event} variant="outline" colorPalette="gray" fontWeight="normal">
                {eventLabel(event)}
              </Badge>
            ))}
          </Wrap>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The CRMs a dealership can connect, with how each authenticates and what it receives. */
export function ProvidersSection({ providers }: { providers: ProviderCatalogue }) {
  return (
    <SectionCard
      title="Providers you can connect"
      description="Connect with an API key or OAuth credentials. Providers with webhooks receive KnowBefore events as they happen."
    >
      <SimpleGrid as="div" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {Object.entries(providers).map(([code, provider]) => (
          <ProviderCard key={code} provider={provider} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
