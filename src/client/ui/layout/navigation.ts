// The site's navigation lists, kept in one place so header, drawer and footer stay in step.
export const MARKETING_NAV = [
  { to: "/features", label: "Features" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

export const FOOTER_COLUMNS = [
  {
    heading: "Product",
    links: [
      { to: "/features", label: "Features" },
      { to: "/how-it-works", label: "How it works" },
      { to: "/pricing", label: "Pricing" },
      { to: "/appointments", label: "My appointments" },
    ],
  },
  {
    heading: "Company",
    links: [
      { to: "/about", label: "About us" },
      { to: "/contact", label: "Contact" },
      { to: "/deployment-guide", label: "Deployment guide" },
      { to: "/security-compliance", label: "Security & compliance" },
    ],
  },
  {
    heading: "Help",
    links: [
      { to: "/faq/customer", label: "Customer FAQ" },
      { to: "/faq/salesperson", label: "Salesperson FAQ" },
      { to: "/faq/dealership", label: "Dealership FAQ" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: "/terms-of-service", label: "Terms of Service" },
    ],
  },
] as const;
