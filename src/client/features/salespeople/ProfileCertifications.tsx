import { Badge, Heading, HStack, Icon, Link, Stack } from "@chakra-ui/react";
import { LuAward, LuBadgeCheck, LuExternalLink } from "react-icons/lu";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { CertificationLines } from "./CertificationLines";

/** A profile's verified certifications, each with who verified it (unverified ones never reach the page). */
export function ProfileCertifications({ salesperson }: { salesperson: SalespersonDetail }) {
  if (salesperson.certifications.length === 0) return null;
  return (
    <Stack gap="2" as="section" aria-labelledby="profile-certifications">
      <Heading as="h3" size="sm" color="ink" id="profile-certifications">
        Certifications
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none">
        {salesperson.certifications.map((c) => (
          <HStack as="li" key={c.id} align="flex-start" gap="3" data-testid="certification">
            <Icon boxSize="5" color="brand.fg" mt="0.5" flexShrink={0}>
              <LuAward />
            </Icon>
            <Stack gap="1" minW="0">
              <CertificationLines certification={c} />
              <HStack gap="3" flexWrap="wrap">
                <Badge colorPalette="green" variant="subtle" borderRadius="full" gap="1">
                  <LuBadgeCheck aria-hidden="true" /> Verified by {c.verifiedBy}
                </Badge>
                {c.credentialUrl ? (
                  <Link
                    href={c.credentialUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    fontSize="sm"
                    color="brand.fg"
                  >
                    View credential <LuExternalLink aria-hidden="true" />
                  </Link>
                ) : null}
              </HStack>
            </Stack>
          </HStack>
        ))}
      </Stack>
    </Stack>
  );
}
