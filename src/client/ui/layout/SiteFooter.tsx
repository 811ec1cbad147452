import {
  Box,
  Button,
  Link as ChakraLink,
  Container,
  Grid,
  Heading,
  HStack,
  Separator,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { Logo } from "./Logo";
import { FOOTER_COLUMNS } from "./navigation";

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="night" color="gray.300" mt="auto">
      <Container maxW="7xl" py={{ base: "12", md: "16" }}>
        <Grid templateColumns={{ base: "1fr 1fr", md: "1.4fr repeat(4, 1fr)" }} gap={{ base: "8", md: "10" }}>
          <Stack gap="4" gridColumn={{ base: "1 / -1", md: "auto" }} maxW="xs">
            <Logo inverted />
            <Text fontSize="sm" color="gray.400">
              Know before you go. Verified car salespeople, visit-verified reviews and simple booking, all
              before you set foot on the lot.
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.heading} gap="3" as="nav" aria-label={column.heading}>
              <Heading as="h2" size="xs" color="white" textTransform="uppercase" letterSpacing="0.08em">
                {column.heading}
              </Heading>
              {column.links.map((link) => (
                <ChakraLink
                  key={link.to}
                  asChild
                  fontSize="sm"
                  color="gray.300"
                  _hover={{ color: "white" }}
                  focusRingColor="blue.300"
                >
                  <Link to={link.to}>{link.label}</Link>
                </ChakraLink>
              ))}
            </Stack>
          ))}
        </Grid>
        <Separator my="8" borderColor="whiteAlpha.200" />
        <HStack justify="space-between" flexWrap="wrap" gap="3" fontSize="sm" color="gray.400">
          <Text>© {year} KnowBefore. Beta release.</Text>
          <HStack gap="4" flexWrap="wrap">
            <Text>Reviews come only from completed visits.</Text>
            {/* docs/product/public-site.md#admin-button: a small Admin button that leads to the sign-in page. */}
            <Button
              asChild
              size="2xs"
              variant="outline"
              color="gray.300"
              borderColor="whiteAlpha.400"
              _hover={{ bg: "whiteAlpha.200", color: "white" }}
            >
              <Link to="/login">Admin</Link>
            </Button>
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
