import { Badge, Card, Heading, HStack, Icon, Link, SimpleGrid, Stack, Stat, Text } from "@chakra-ui/react";
import { statSlotRecipe } from "@chakra-ui/react/theme";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { LuBuilding2, LuExternalLink, LuGlobe, LuMail, LuMapPin, LuPhone } from "react-icons/lu";
import { INDEPENDENT_LABEL } from "../../../shared/constants";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { ratingBandInfo, ratingText } from "../../ui/Rating";
import { telHref } from "../maps";

function SideCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root borderRadius="xl" borderColor="border.muted" boxShadow="xs">
      <Card.Body p={{ base: "5", md: "6" }} gap="4">
        <Heading as="h2" size="md" color="ink">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

export function QuickStats({ salesperson }: { salesperson: SalespersonDetail }) {
  const band = ratingBandInfo(salesperson.averageRating, salesperson.totalReviews);
  return (
    <SideCard title="Quick stats">
      <SimpleGrid columns={2} gap="3">
        {[
          { label: "Average rating", value: ratingText(salesperson.averageRating, salesperson.totalReviews) },
          { label: "Total reviews", value: String(salesperson.totalReviews) },
          { label: "Years of experience", value: String(salesperson.yearsOfExperience) },
        ].map((stat) => (
          <Stat.Root recipe={statSlotRecipe} key={stat.label} bg="gray.50" borderRadius="lg" p="3" gap="0.5">
            <Stat.Label fontSize="xs" color="fg.muted">
              {stat.label}
            </Stat.Label>
            <Stat.ValueText fontSize="xl" color="ink">
              {stat.value}
            </Stat.ValueText>
          </Stat.Root>
        ))}
        <Stat.Root recipe={statSlotRecipe} bg="gray.50" borderRadius="lg" p="3" gap="1">
          <Stat.Label fontSize="xs" color="fg.muted">
            Rating band
          </Stat.Label>
          <Stat.ValueText mt="1">
            <Badge colorPalette={band.palette} variant="subtle" borderRadius="full">
              {band.label}
            </Badge>
          </Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
    </SideCard>
  );
}

function ContactRow({
  icon: RowIcon,
  label,
  children,
}: {
  icon: IconType;
  label: string;
  children: ReactNode;
}) {
  return (
    <HStack align="flex-start" gap="3">
      <Icon boxSize="4.5" color="blue.600" mt="0.5" flexShrink={0}>
        <RowIcon />
      </Icon>
      <Stack gap="0" minW="0">
        <Text
          fontSize="xs"
          color="fg.muted"
          textTransform="uppercase"
          letterSpacing="0.05em"
          fontWeight="semibold"
        >
          {label}
        </Text>
        <Text fontSize="sm" wordBreak="break-word">
          {children}
        </Text>
      </Stack>
    </HStack>
  );
}

function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function ContactInfo({ salesperson }: { salesperson: SalespersonDetail }) {
  const dealer = salesperson.dealershipInfo;
  return (
    <SideCard title="Contact information">
      <Stack gap="4">
        <ContactRow icon={LuPhone} label="Phone">
          {salesperson.phoneNumber ? (
            <Link href={telHref(salesperson.phoneNumber)} color="blue.700">
              {salesperson.phoneNumber}
            </Link>
          ) : (
            "Not listed"
          )}
        </ContactRow>
        {salesperson.email ? (
          <ContactRow icon={LuMail} label="Email">
            <Link href={`mailto:${salesperson.email}`} color="blue.700">
              {salesperson.email}
            </Link>
          </ContactRow>
        ) : null}
        <ContactRow icon={LuBuilding2} label="Dealership">
          {dealer?.name ?? salesperson.dealership ?? INDEPENDENT_LABEL}
        </ContactRow>
        {dealer ? (
          <>
            <ContactRow icon={LuMapPin} label="Address">
              {dealer.address}
              <br />
              {dealer.city}, {dealer.state} {dealer.zipCode}
              <br />
              <Link
                href={`https://www.openstreetmap.org/?mlat=${dealer.latitude}&mlon=${dealer.longitude}#map=16/${dealer.latitude}/${dealer.longitude}`}
                target="_blank"
                rel="noopener noreferrer"
                color="blue.700"
                fontSize="sm"
              >
                View on map <LuExternalLink />
              </Link>
            </ContactRow>
            {dealer.phoneNumber ? (
              <ContactRow icon={LuPhone} label="Dealership phone">
                <Link href={telHref(dealer.phoneNumber)} color="blue.700">
                  {dealer.phoneNumber}
                </Link>
              </ContactRow>
            ) : null}
            {dealer.website ? (
              <ContactRow icon={LuGlobe} label="Website">
                <Link
                  href={websiteHref(dealer.website)}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="blue.700"
                >
                  {dealer.website.replace(/^https?:\/\//i, "").replace(/\/$/, "")} <LuExternalLink />
                </Link>
              </ContactRow>
            ) : null}
          </>
        ) : null}
      </Stack>
    </SideCard>
  );
}
