import { Text } from "@chakra-ui/react";

/**
 * A certification's name over its issuer, year and credential ID, as the profile, the salesperson's own list
 * and the verification queue show it; `holder` comes first where the list spans salespeople.
 */
export function CertificationLines({
  certification: c,
  holder,
}: {
  certification: { name: string; issuer: string; year: number; credentialId: string | null };
  holder?: string;
}) {
  return (
    <>
      <Text fontWeight="semibold" color="ink">
        {c.name}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {holder ? `${holder} · ` : ""}
        {c.issuer} · {c.year}
        {c.credentialId ? ` · ID ${c.credentialId}` : ""}
      </Text>
    </>
  );
}
