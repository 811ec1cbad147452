import { Badge, Button, Card, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useLocation, useParams, useSearch } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import {
  LuBadgeCheck,
  LuBriefcase,
  LuCalendarPlus,
  LuFlag,
  LuMapPin,
  LuMessageSquare,
  LuShoppingBag,
  LuStar,
} from "react-icons/lu";
import { FALLBACK_BIO, INDEPENDENT_LABEL } from "../../../shared/constants";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { trpc } from "../../trpc";
import { yearsLabel } from "../../ui/format";
import { IconText } from "../../ui/IconText";
import { ProfileGrid, ProfileHeaderCard, ProfilePage } from "../../ui/ProfilePage";
import { ProfilePhoto } from "../../ui/ProfilePhoto";
import { RatingSummary } from "../../ui/Rating";
import { SpecialtyTags } from "../../ui/SpecialtyTags";
import { StatusBadge } from "../../ui/StatusBadge";
import { type SessionUser, useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { ScheduleAppointmentDialog } from "../appointments";
import { DealershipLink } from "../dealerships";
import { FavoriteButton } from "../favorites";
import { DealershipLocationCard } from "../maps";
import { ContactDialog } from "../messages";
import { ReportMisconductDialog } from "../misconduct";
import { ClaimPurchaseDialog } from "../purchases";
import { RateSalespersonDialog, ReviewsSection, useHasVisitToRate } from "../reviews";
import { ProfileCertifications } from "./ProfileCertifications";
import { salespersonQueries } from "./queries";
import { ContactInfo, QuickStats } from "./SalespersonSidebar";

/** The profile's dialogs; one is open at a time. */
type ProfileDialog = "schedule" | "rate" | "contact" | "report" | "purchase";

function ProfileHeader({
  salesperson,
  viewer,
  onOpen,
}: {
  salesperson: SalespersonDetail;
  viewer: SessionUser | null;
  onOpen: (dialog: ProfileDialog) => void;
}) {
  const location = [salesperson.city, salesperson.state].filter(Boolean).join(", ");
  // How far away, when the visitor came from a browse near a place (the card's distance, and from where).
  const { miles, from } = useSearch({ strict: false }) as { miles?: string; from?: string };
  const distance =
    miles && from && Number.isFinite(Number(miles)) ? `${Number(miles).toFixed(1)} mi from ${from}` : null;
  // One way to rate, and only with a completed, unrated visit to rate (the server refuses any other review).
  const canRate = useHasVisitToRate(salesperson.id, viewer);
  return (
    <ProfileHeaderCard>
      <ProfilePhoto
        framed="4px"
        src={salesperson.profileImageUrl}
        name={salesperson.name}
        boxSize={{ base: "24", md: "32" }}
        borderRadius="2xl"
        boxShadow="md"
        mt={{ base: "-10", md: "-14" }}
      />
      <Stack gap="2" flex="1" minW="0">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }} color="ink" letterSpacing="-0.02em">
            {salesperson.name}
          </Heading>
          <StatusBadge status={salesperson.status} size="md" />
        </HStack>
        <HStack gap="4" color="fg.muted" fontSize="sm" flexWrap="wrap">
          <Text fontWeight="medium" color="fg">
            {salesperson.dealershipInfo ? (
              <DealershipLink
                slug={salesperson.dealershipInfo.slug}
                name={salesperson.dealershipInfo.name}
                color="brand.fg"
              />
            ) : (
              (salesperson.dealership ?? INDEPENDENT_LABEL)
            )}
          </Text>
          {location ? <IconText icon={LuMapPin}>{location}</IconText> : null}
          {distance ? (
            <Text fontWeight="medium" color="fg" data-distance-miles={miles}>
              {distance}
            </Text>
          ) : null}
          <IconText icon={LuBriefcase}>{yearsLabel(salesperson.yearsOfExperience)}</IconText>
        </HStack>
        {salesperson.verifiedBy ? (
          <Badge colorPalette="green" variant="subtle" borderRadius="full" px="2.5" alignSelf="flex-start">
            <LuBadgeCheck aria-hidden /> Verified by {salesperson.verifiedBy}
          </Badge>
        ) : null}
        <RatingSummary average={salesperson.averageRating} reviews={salesperson.totalReviews} size="md" />
      </Stack>
      <Stack gap="2" flexShrink={0} align={{ base: "stretch", sm: "flex-end" }}>
        <Flex gap="2" direction={{ base: "column", sm: "row" }} wrap={{ sm: "wrap" }} justify="flex-end">
          <Button variant="outline" onClick={() => onOpen("contact")}>
            <LuMessageSquare /> Contact
          </Button>
          <Button colorPalette="blue" onClick={() => onOpen("schedule")}>
            <LuCalendarPlus /> Schedule Meeting
          </Button>
          {canRate ? (
            <Button variant="outline" onClick={() => onOpen("rate")}>
              <LuStar /> Rate Salesperson
            </Button>
          ) : null}
        </Flex>
        {/* Three buttons don't fit a phone's width on one line: they wrap rather than run past the card. */}
        <HStack gap="1" flexWrap="wrap" justify={{ base: "flex-start", sm: "flex-end" }}>
          <FavoriteButton salesperson={salesperson} viewer={viewer} size="sm" withLabel />
          {viewer?.role === "customer" ? (
            <Button variant="ghost" size="sm" color="fg.muted" onClick={() => onOpen("purchase")}>
              <LuShoppingBag /> I bought a car here
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" color="fg.muted" onClick={() => onOpen("report")}>
            <LuFlag /> Report misconduct
          </Button>
        </HStack>
      </Stack>
    </ProfileHeaderCard>
  );
}

function AboutCard({ salesperson }: { salesperson: SalespersonDetail }) {
  const bio = salesperson.bio?.trim() ? salesperson.bio : FALLBACK_BIO;
  return (
    <Card.Root borderRadius="xl" borderColor="border.muted" boxShadow="xs">
      <Card.Body p={{ base: "5", md: "6" }} gap="5">
        <Stack gap="2">
          <Heading as="h2" size="lg" color="ink">
            About {salesperson.name.split(" ")[0]}
          </Heading>
          <Text color={salesperson.bio?.trim() ? "fg" : "fg.muted"} lineHeight="tall" whiteSpace="pre-line">
            {bio}
          </Text>
        </Stack>
        <Stack gap="2">
          <Heading as="h3" size="sm" color="ink">
            Specialties
          </Heading>
          {salesperson.specialties.length > 0 ? (
            <SpecialtyTags specialties={salesperson.specialties} size="lg" />
          ) : (
            <Text color="fg.muted" fontSize="sm">
              No specialties listed yet.
            </Text>
          )}
        </Stack>
        <ProfileCertifications salesperson={salesperson} />
        {salesperson.paymentModel === "individual" ? (
          <Badge alignSelf="flex-start" variant="outline" borderRadius="full">
            Independent professional
          </Badge>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function SalespersonProfile({
  salesperson,
  viewer,
}: {
  salesperson: SalespersonDetail;
  viewer: SessionUser | null;
}) {
  const [dialog, setDialog] = useState<ProfileDialog | null>(null);
  const control = (name: ProfileDialog) => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });
  const { hash } = useLocation();
  const ref = { id: salesperson.id, name: salesperson.name };

  // The card's Rate button links to #reviews; the section only exists once data is here. An invitation to review
  // links to #write-review: the review form opens once the buyer's visit to rate is known.
  const canRate = useHasVisitToRate(salesperson.id, viewer);
  useEffect(() => {
    if (hash === "write-review" && canRate) setDialog("rate");
    else if (hash === "reviews" || hash === "write-review")
      document.getElementById("reviews")?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [hash, canRate]);

  return (
    <Stack gap="6">
      <ProfileHeader salesperson={salesperson} viewer={viewer} onOpen={setDialog} />
      <ProfileGrid
        main={<AboutCard salesperson={salesperson} />}
        side={
          <Stack gap="6">
            <QuickStats salesperson={salesperson} />
            <ContactInfo salesperson={salesperson} />
            {salesperson.dealershipInfo ? (
              <DealershipLocationCard dealership={salesperson.dealershipInfo} showContact={false} />
            ) : null}
          </Stack>
        }
        reviews={<ReviewsSection salesperson={salesperson} viewer={viewer} />}
      />
      <ScheduleAppointmentDialog
        {...control("schedule")}
        salesperson={{
          id: salesperson.id,
          name: salesperson.name,
          dealership: salesperson.dealershipInfo?.name ?? salesperson.dealership,
          timeZone: salesperson.timeZone,
        }}
      />
      <RateSalespersonDialog {...control("rate")} salesperson={ref} />
      <ContactDialog {...control("contact")} salesperson={ref} />
      <ReportMisconductDialog {...control("report")} salesperson={ref} />
      <ClaimPurchaseDialog {...control("purchase")} salesperson={salesperson} />
    </Stack>
  );
}

/**
 * Tells the server the profile was opened, once per mount of a profile (the server decides whether it counts:
 * not the salesperson's own visit, not a crawler, once a visitor a day). A failure changes nothing on the page.
 */
function useRecordProfileView(salespersonId: number) {
  const { mutate } = trpc.portal.recordView.useMutation();
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (recorded.current === salespersonId) return;
    recorded.current = salespersonId;
    mutate({ id: salespersonId });
  }, [salespersonId, mutate]);
}

export function SalespersonProfilePage() {
  const { id: rawId } = useParams({ strict: false });
  const { user } = useSession();
  const { data: salesperson } = useSuspenseQuery(salespersonQueries.byId(rawId ?? ""));
  useDocumentTitle(salesperson.name);
  useRecordProfileView(salesperson.id);
  return (
    <ProfilePage>
      <SalespersonProfile salesperson={salesperson} viewer={user} />
    </ProfilePage>
  );
}
