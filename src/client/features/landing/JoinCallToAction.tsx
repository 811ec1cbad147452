import { Box, Button, Card, Container, Flex, Heading, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuArrowRight, LuLock } from "../../ui/icons";
import { onDarkOutline } from "../../ui/Showcase";

export function JoinCallToAction() {
  return (
    <Box as="section" aria-labelledby="cta-title" bg="bg" pb={{ base: "16", md: "24" }}>
      <Container maxW="7xl">
        <Stack gap="6">
          <Box
            borderRadius="3xl"
            px={{ base: "6", md: "14" }}
            py={{ base: "12", md: "16" }}
            color="white"
            bg="radial-gradient(700px 300px at 100% 0%, rgba(96,165,250,0.35), transparent 60%), linear-gradient(135deg, #1e3a8a 0%, #1d4ed8 100%)"
          >
            <Flex
              direction={{ base: "column", lg: "row" }}
              gap="8"
              justify="space-between"
              align={{ lg: "center" }}
            >
              <Stack gap="3" maxW="2xl">
                <Heading as="h2" id="cta-title" size={{ base: "2xl", md: "3xl" }} letterSpacing="-0.02em">
                  Ready to know before you go?
                </Heading>
                <Text color="blue.100" fontSize={{ base: "md", md: "lg" }}>
                  Buyers: find a salesperson you can trust, free. Salespeople: build a verified reputation
                  that follows you wherever you sell.
                </Text>
              </Stack>
              <Flex gap="3" direction={{ base: "column", sm: "row" }} flexShrink={0}>
                <Button asChild size="xl" bg="white" color="blue.800" _hover={{ bg: "blue.50" }}>
                  <Link to="/salesperson-login">
                    Join as Salesperson <LuArrowRight />
                  </Link>
                </Button>
                <Button asChild size="xl" {...onDarkOutline}>
                  <Link to="/login">Start as Customer</Link>
                </Button>
              </Flex>
            </Flex>
          </Box>
          <Card.Root borderRadius="2xl" borderColor="border.muted" boxShadow="none" bg="band">
            <Card.Body p={{ base: "5", md: "6" }}>
              <Flex
                direction={{ base: "column", md: "row" }}
                justify="space-between"
                align={{ md: "center" }}
                gap="4"
              >
                <HStack align="flex-start" gap="4">
                  <Box bg="bg" borderRadius="lg" p="2.5" color="fg.muted" boxShadow="xs">
                    <Icon boxSize="5">
                      <LuLock />
                    </Icon>
                  </Box>
                  <Stack gap="0.5">
                    <Heading as="h2" size="sm" color="ink">
                      Platform Administration
                    </Heading>
                    <Text fontSize="sm" color="fg.muted">
                      Restricted access for KnowBefore staff who manage users, salespeople and dealerships.
                    </Text>
                  </Stack>
                </HStack>
                <Button
                  asChild
                  variant="outline"
                  size="sm"
                  bg="bg"
                  alignSelf={{ base: "flex-start", md: "center" }}
                >
                  <Link to="/admin/login">Administrator Login</Link>
                </Button>
              </Flex>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Container>
    </Box>
  );
}
