import { Button, HStack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuHouse, LuLogOut } from "react-icons/lu";
import { InfoPage } from "../../ui/InfoPage";
import { AppShell } from "../../ui/layout/AppShell";
import { displayName, useSession } from "../auth/session";

/** /salesperson-dashboard and /salesperson/dashboard: the salesperson's home (tools arrive with later releases). */
export function SalespersonDashboardPage() {
  const { user } = useSession();
  return (
    <AppShell>
      <InfoPage
        eyebrow="Salesperson dashboard"
        title={user ? `Welcome, ${displayName(user)}` : "Salesperson dashboard"}
        lead="Your dashboard brings together your performance, appointments, profile, availability and subscription. Use the links below to manage what's available today."
        pointsHeading="Your dashboard sections"
        points={[
          "Overview: your average rating, review count and recent feedback",
          "Appointments: confirm, complete or cancel customer bookings",
          "Profile: photo, bio, specialties and status",
          "Availability: block out training, meetings and time off",
          "Subscription: your plan and billing",
        ]}
        actions={[
          { label: "Edit my profile", to: "/salesperson/profile", primary: true },
          { label: "Subscription plans", to: "/dealer-subscription" },
        ]}
      >
        <HStack gap="3">
          <Button asChild variant="outline">
            <Link to="/">
              <LuHouse /> Home
            </Link>
          </Button>
          <Button asChild variant="outline">
            <a href="/api/logout">
              <LuLogOut /> Logout
            </a>
          </Button>
        </HStack>
      </InfoPage>
    </AppShell>
  );
}

/** /salesperson/profile: where salespeople will edit their public profile. */
export function SalespersonProfileEditorPage() {
  const { user } = useSession();
  const salespersonId = user?.salespersonId;
  return (
    <AppShell>
      <InfoPage
        eyebrow="Salesperson"
        title="Your professional profile"
        lead="This is what buyers see before they visit: your photo, bio, specialties, status and reviews. Profile editing opens here shortly; meanwhile you can check how your public profile looks."
        actions={
          salespersonId
            ? [
                {
                  label: "View my public profile",
                  to: "/salesperson/$id",
                  params: { id: String(salespersonId) },
                  primary: true,
                },
                { label: "Back to dashboard", to: "/salesperson-dashboard" },
              ]
            : [{ label: "Back to dashboard", to: "/salesperson-dashboard", primary: true }]
        }
        pointsHeading="What you'll be able to edit"
        points={[
          "Profile photo (JPG, PNG or WebP, up to 5MB)",
          "Bio and years of experience",
          "Specialties: New Cars, Used Cars, Financing, Leasing, Trade-ins, Commercial",
          "Status: available, busy or unavailable",
        ]}
      />
    </AppShell>
  );
}
