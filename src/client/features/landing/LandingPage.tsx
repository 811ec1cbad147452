import { PublicLayout } from "../../ui/layout/PublicLayout";
import type { SessionUser } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { Benefits } from "./Benefits";
import { FeatureCards } from "./FeatureCards";
import { HowItWorksSteps } from "./HowItWorksSteps";
import { JoinCallToAction } from "./JoinCallToAction";
import { LandingHero } from "./LandingHero";
import { ProblemSolution } from "./ProblemSolution";
import { Testimonials } from "./Testimonials";

/** `/` for visitors (and for salespeople, managers and admins, with a way back to their dashboard). */
export function LandingPage({ viewer }: { viewer: SessionUser | null }) {
  useDocumentTitle(
    "Know before you go",
    "Look up the car salesperson before you visit: dealership-verified profiles, reviews from real visits, and appointments booked ahead. Free for car buyers.",
  );
  return (
    <PublicLayout>
      <LandingHero viewer={viewer} />
      <ProblemSolution />
      <Benefits />
      <FeatureCards />
      <HowItWorksSteps />
      <Testimonials />
      <JoinCallToAction />
    </PublicLayout>
  );
}
