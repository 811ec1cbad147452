import {
  LuBadgeCheck,
  LuBell,
  LuCalendarCheck,
  LuCalendarClock,
  LuChartBar,
  LuChartLine,
  LuClipboardCheck,
  LuHeadphones,
  LuLock,
  LuMessageSquare,
  LuRocket,
  LuSearch,
  LuShieldAlert,
  LuSmartphone,
  LuStar,
  LuUsers,
} from "react-icons/lu";
import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { actionsLedBy, START_FREE_TRIAL } from "../../ui/pageActions";
import { FeatureGroup } from "./FeatureList";

export function FeaturesPage() {
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="Features"
        description="What KnowBefore does for car buyers, sales professionals and dealerships: verified profiles, visit-verified reviews, booking, analytics and team tools."
        eyebrow="Features"
        title="Built for every side of the car deal"
        lead="KnowBefore gives buyers the facts about a salesperson before they visit, gives salespeople a reputation they own, and gives dealerships a clear view of how their team treats customers."
        actions={actionsLedBy({ label: "Explore Platform", to: "/login" }, START_FREE_TRIAL, {
          label: "Schedule Demo",
          to: "/contact",
        })}
      >
        <FeatureGroup
          title="For customers"
          lead="Research the person, not just the car."
          items={[
            {
              icon: LuSearch,
              title: "Search and filters",
              text: "Find salespeople by location, specialty, experience, rating and availability.",
            },
            {
              icon: LuStar,
              title: "Visit-verified reviews",
              text: "Read ratings for helpfulness, pressure and communication from buyers with completed appointments; a confirmed sale adds a 'Verified purchase' badge.",
            },
            {
              icon: LuCalendarCheck,
              title: "Appointment booking",
              text: "Book a viewing, test drive or financing discussion and arrive to someone expecting you.",
            },
            {
              icon: LuShieldAlert,
              title: "Anonymous reporting",
              text: "Report misconduct privately; every report goes through a resolution process.",
            },
          ]}
          columns={4}
        />
        <FeatureGroup
          title="For sales professionals"
          lead="Turn great service into a lasting, portable reputation."
          items={[
            {
              icon: LuBadgeCheck,
              title: "Professional profile",
              text: "Show your specialties, certifications and years of experience, verified by your dealership.",
            },
            {
              icon: LuChartLine,
              title: "Performance analytics",
              text: "Follow your ratings by category and see where customers say you shine.",
            },
            {
              icon: LuBell,
              title: "Notifications",
              text: "Hear about new reviews and appointment requests as they come in.",
            },
            {
              icon: LuCalendarClock,
              title: "Availability management",
              text: "Block out training, meetings and time off so customers only book open slots.",
            },
          ]}
          columns={4}
        />
        <FeatureGroup
          title="For dealerships"
          lead="See how your team treats customers, one salesperson at a time."
          items={[
            {
              icon: LuUsers,
              title: "Team management",
              text: "Add salespeople to your dealership and manage the team from one dashboard.",
            },
            {
              icon: LuChartBar,
              title: "Performance monitoring",
              text: "Compare top, average and developing performers with a live leaderboard.",
            },
            {
              icon: LuClipboardCheck,
              title: "Compliance reports",
              text: "Track incidents and keep records ready for audits.",
            },
            {
              icon: LuMessageSquare,
              title: "Customer feedback insights",
              text: "Spot coaching needs early, before they turn into public complaints.",
            },
          ]}
          columns={4}
        />
        <FeatureGroup
          title="Why Choose KnowBefore"
          items={[
            {
              icon: LuSmartphone,
              title: "Mobile optimized",
              text: "Every screen works on a phone, including on the dealership lot.",
            },
            {
              icon: LuLock,
              title: "Enterprise security",
              text: "Passwordless sign-in, hashed tokens, origin checks on every change, and an audit trail of sign-ins and administrator actions.",
            },
            {
              icon: LuHeadphones,
              title: "Support that answers",
              text: "Message us any time: every message is answered within the reply time the contact page gives, sooner on a paid plan.",
            },
            {
              icon: LuRocket,
              title: "Continuous innovation",
              text: "New tools ship regularly throughout the beta, shaped by your feedback.",
            },
          ]}
          columns={4}
        />
      </InfoPage>
    </PublicLayout>
  );
}
