// Help-centre answers drawn from the product's actual rules (SPEC.md sections 4, 5 and 9).
import type { FaqEntry } from "./FaqPage";

export const CUSTOMER_FAQ: readonly FaqEntry[] = [
  {
    q: "Is KnowBefore free for car buyers?",
    a: "Yes. Searching, reading reviews, booking appointments and leaving reviews are free for customers, forever.",
  },
  {
    q: "How do I sign in?",
    a: "Enter your email on the sign-in page and we'll send you a link. Open it on the same device to sign in. Each link works once and expires after 15 minutes.",
  },
  {
    q: "Who can leave a review?",
    a: "Only customers who completed an appointment with that salesperson. This keeps every review tied to a real visit.",
  },
  {
    q: "What do the ratings mean?",
    a: "Buyers score four things from 1 to 5: overall experience, helpfulness, sales pressure (1 = too pushy, 5 = perfect balance) and communication.",
  },
  {
    q: "Can I cancel an appointment?",
    a: "Yes, a scheduled appointment can be cancelled up to 2 hours before it starts. You can add a reason if you like.",
  },
];

export const SALESPERSON_FAQ: readonly FaqEntry[] = [
  {
    q: "How do I join?",
    a: "Open the salesperson portal and choose Register. Add your name, work email, dealership, experience and specialties, then sign in with the link we email you.",
  },
  {
    q: "How am I verified?",
    a: "Your dealership confirms that you work there. Verified profiles carry a badge buyers can trust.",
  },
  {
    q: "What happens to my reviews if I change dealerships?",
    a: "They stay with you. If you leave a dealership your profile becomes independent, keeps its ratings, and can be transferred to your new dealership.",
  },
  {
    q: "Can I control when customers book me?",
    a: "Yes. Mark yourself available, busy or unavailable, and block out time for training, meetings, vacation or personal time.",
  },
  {
    q: "What does the Professional plan cost?",
    a: "$99 per month, with a 30-day free trial and no credit card needed to start.",
  },
];

export const DEALERSHIP_FAQ: readonly FaqEntry[] = [
  {
    q: "What does the Dealership plan include?",
    a: "Team management, performance monitoring, compliance reporting and customer feedback insights for up to 10 salespeople.",
  },
  { q: "How long does onboarding take?", a: "Most dealerships are set up within 48 hours." },
  {
    q: "Can we add and remove salespeople ourselves?",
    a: "Yes. Managers add salespeople from the manager dashboard. Removing someone makes their profile independent; they keep their ratings.",
  },
  {
    q: "Do you integrate with our CRM?",
    a: "Enterprise plans can connect KnowBefore to supported CRM systems so appointments and leads sync automatically.",
  },
  {
    q: "Can we pay annually?",
    a: "Yes. Annual billing gives two months free: $8,990 per year instead of $899 per month.",
  },
];
