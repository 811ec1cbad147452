// The documents pages show, apart from their zod schemas: route definitions load with every page and
// must not pull zod in.
/** The stored documents, with the title each page shows (and names in 'Failed to load ...'). */
export const DOCUMENTS = {
  "privacy-policy": "Privacy Policy",
  "terms-of-service": "Terms of Service",
  "customer-faq": "Customer FAQ",
  "salesperson-faq": "Salesperson FAQ",
  "dealership-faq": "Dealership FAQ",
  "about-us": "About Us",
} as const;
export type DocumentSlug = keyof typeof DOCUMENTS;
