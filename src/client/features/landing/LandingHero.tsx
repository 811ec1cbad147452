import { Badge, Box, Button, Container, Flex, Grid, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { TitledLine } from "../../ui/FormWithNotes";
import {
  LuArrowRight,
  LuBadgeCheck,
  LuCalendarCheck,
  LuGauge,
  LuLayoutDashboard,
  LuShieldCheck,
  LuTags,
} from "../../ui/icons";
import { Eyebrow } from "../../ui/SectionHeading";
import { IconTile, onDarkOutline } from "../../ui/Showcase";
import { dashboardPathFor, type SessionUser } from "../../ui/session";
import { HeadlineStats } from "./HeadlineStats";

const WHAT_YOU_KNOW = [
  {
    icon: LuBadgeCheck,
    title: "Verified by the dealership",
    text: "Employment is confirmed before a profile goes live.",
  },
  {
    icon: LuShieldCheck,
    title: "Reviews from real visits",
    text: "Only buyers with a completed visit can rate.",
  },
  { icon: LuGauge, title: "A pressure score", text: "Buyers rate how pushy the visit felt, from 1 to 5." },
  {
    icon: LuTags,
    title: "Specialties and experience",
    text: "EVs, trucks, financing, first-time buyers and more.",
  },
  {
    icon: LuCalendarCheck,
    title: "A time that suits you",
    text: "Book ahead and arrive to someone expecting you.",
  },
] as const;

export function LandingHero({ viewer }: { viewer: SessionUser | null }) {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      color="white"
      bg="radial-gradient(1200px 500px at 85% -10%, rgba(59,130,246,0.45), transparent 60%), linear-gradient(160deg, #0b1b3a 0%, #10275a 55%, #1e3a8a 100%)"
      overflow="hidden"
    >
      <Container maxW="7xl" py={{ base: "14", md: "20", lg: "24" }}>
        <Grid
          templateColumns={{ base: "1fr", lg: "1.15fr 0.85fr" }}
          gap={{ base: "12", lg: "16" }}
          alignItems="center"
        >
          <Stack gap={{ base: "6", md: "8" }}>
            <HStack>
              <Badge
                bg="whiteAlpha.200"
                color="blue.50"
                borderRadius="full"
                px="3"
                py="1"
                fontSize="xs"
                fontWeight="medium"
                borderWidth="1px"
                borderColor="whiteAlpha.300"
              >
                Beta · Visit-verified reviews only
              </Badge>
            </HStack>
            <Heading
              as="h1"
              id="hero-title"
              fontSize={{ base: "4xl", md: "5xl", lg: "6xl" }}
              lineHeight="1.05"
              letterSpacing="-0.03em"
              fontWeight="bold"
            >
              Know your salesperson{" "}
              <Box as="span" color="blue.300">
                before you go.
              </Box>
            </Heading>
            <Text fontSize={{ base: "lg", md: "xl" }} color="blue.100" maxW="2xl">
              KnowBefore lets you look up the person who will sell you your next car. See who is verified by
              their dealership, read what past buyers said after a real visit, and book a time with someone
              you already trust.
            </Text>
            <Flex gap="3" direction={{ base: "column", sm: "row" }} flexWrap="wrap">
              {viewer ? (
                <Button asChild size="xl" colorPalette="blue" bg="blue.600" _hover={{ bg: "blue.500" }}>
                  <Link to={dashboardPathFor(viewer)}>
                    <LuLayoutDashboard /> Go to dashboard
                  </Link>
                </Button>
              ) : (
                <>
                  <Button asChild size="xl" colorPalette="blue" bg="blue.600" _hover={{ bg: "blue.500" }}>
                    <Link to="/login">
                      Browse Salespeople <LuArrowRight />
                    </Link>
                  </Button>
                  <Button asChild size="xl" {...onDarkOutline}>
                    <Link to="/login">Start as Customer</Link>
                  </Button>
                  <Button
                    asChild
                    size="xl"
                    variant="ghost"
                    color="blue.100"
                    _hover={{ bg: "whiteAlpha.100", color: "white" }}
                  >
                    <Link to="/salesperson-login">Join as Professional</Link>
                  </Button>
                </>
              )}
            </Flex>
            <Box pt="2">
              <HeadlineStats tone="onDark" />
            </Box>
          </Stack>

          <Box
            bg="bg"
            color="fg"
            borderRadius="2xl"
            boxShadow="0 30px 60px -20px rgba(2, 6, 23, 0.6)"
            p={{ base: "6", md: "8" }}
          >
            <Eyebrow>What you'll know before you go</Eyebrow>
            <Stack gap="5" mt="5" as="ul" listStyleType="none">
              {WHAT_YOU_KNOW.map((item) => (
                <HStack as="li" key={item.title} align="flex-start" gap="4">
                  <IconTile icon={item.icon} size="sm" />
                  <TitledLine title={item.title} text={item.text} color="ink" />
                </HStack>
              ))}
            </Stack>
          </Box>
        </Grid>
      </Container>
    </Box>
  );
}
