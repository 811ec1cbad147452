// A salesperson profile as schema.org structured data (JSON-LD), which the profile page embeds so search
// engines read who the person is, where they work, their rating and their verified certifications.
import { links } from "./links";
import type { SalespersonDetail } from "./schemas/salespeople";

type JsonLd = Record<string, unknown>;

export function profileStructuredData(person: SalespersonDetail, origin: string): JsonLd {
  const dealership = person.dealershipInfo;
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: person.name,
    url: new URL(links.salesperson(person.id), origin).toString(),
    jobTitle: "Car salesperson",
    ...(person.profileImageUrl ? { image: new URL(person.profileImageUrl, origin).toString() } : {}),
    ...(dealership
      ? {
          worksFor: {
            "@type": "AutoDealer",
            name: dealership.name,
            address: {
              "@type": "PostalAddress",
              streetAddress: dealership.address,
              addressLocality: dealership.city,
              addressRegion: dealership.state,
              postalCode: dealership.zipCode,
              addressCountry: "US",
            },
          },
        }
      : {}),
    ...(person.totalReviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: person.averageRating,
            reviewCount: person.totalReviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    // Verified certifications only: the profile's answer carries no others.
    hasCredential: person.certifications.map((c) => ({
      "@type": "EducationalOccupationalCredential",
      name: c.name,
      credentialCategory: "certification",
      recognizedBy: { "@type": "Organization", name: c.issuer },
      dateCreated: String(c.year),
      ...(c.credentialId ? { identifier: c.credentialId } : {}),
      ...(c.credentialUrl ? { url: c.credentialUrl } : {}),
    })),
  };
}

/** The JSON-LD as the text of a script element: `<` escaped so no value can close the element. */
export function structuredDataScript(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
