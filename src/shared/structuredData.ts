// Profiles and dealerships as schema.org structured data (JSON-LD). The server writes it into the first HTML of
// their pages (src/server/domains/site/previews.ts), so search engines and link previews read who a person is,
// where they work, a dealership's address, hours and rating, and verified certifications, without running the app.
import { links } from "./links";
import { type DealershipHours, WEEKDAYS } from "./schemas/dealershipHours";

type JsonLd = Record<string, unknown>;

/** A dealership's postal address as its row states it. */
export type DealershipAddress = {
  slug: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
};

/** What a profile's structured data states: the public profile's own fields. */
export type ProfileFacts = {
  id: number;
  name: string;
  profileImageUrl: string | null;
  averageRating: number;
  totalReviews: number;
  dealership: DealershipAddress | null;
  /** Verified certifications only. */
  certifications: {
    name: string;
    issuer: string;
    year: number;
    credentialId: string | null;
    credentialUrl: string | null;
  }[];
};

/** What a dealership's structured data states: its row and its team's aggregate rating. */
export type DealershipFacts = DealershipAddress & {
  phoneNumber: string | null;
  website: string | null;
  logoUrl: string | null;
  latitude: number;
  longitude: number;
  hours: DealershipHours | null;
  average: number | null;
  reviewCount: number;
};

/** A dealership's page, as an absolute URL. */
export function dealershipPageUrl(slug: string, origin: string): string {
  return new URL(links.dealership(slug), origin).toString();
}

function postalAddress(d: DealershipAddress): JsonLd {
  return {
    "@type": "PostalAddress",
    streetAddress: d.address,
    addressLocality: d.city,
    addressRegion: d.state,
    postalCode: d.zipCode,
    addressCountry: "US",
  };
}

function aggregateRating(average: number | null, count: number): JsonLd {
  return count > 0 && average !== null
    ? {
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: average,
          reviewCount: count,
          bestRating: 5,
          worstRating: 1,
        },
      }
    : {};
}

export function profileStructuredData(person: ProfileFacts, origin: string): JsonLd {
  const dealership = person.dealership;
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
            url: dealershipPageUrl(dealership.slug, origin),
            address: postalAddress(dealership),
          },
        }
      : {}),
    ...aggregateRating(person.averageRating, person.totalReviews),
    // Verified certifications only: nothing else reaches this.
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

const DAY_OF_WEEK: Record<(typeof WEEKDAYS)[number], string> = {
  monday: "https://schema.org/Monday",
  tuesday: "https://schema.org/Tuesday",
  wednesday: "https://schema.org/Wednesday",
  thursday: "https://schema.org/Thursday",
  friday: "https://schema.org/Friday",
  saturday: "https://schema.org/Saturday",
  sunday: "https://schema.org/Sunday",
};

export function dealershipStructuredData(d: DealershipFacts, origin: string): JsonLd {
  const hours = d.hours;
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: d.name,
    url: dealershipPageUrl(d.slug, origin),
    address: postalAddress(d),
    geo: { "@type": "GeoCoordinates", latitude: d.latitude, longitude: d.longitude },
    ...(d.phoneNumber ? { telephone: d.phoneNumber } : {}),
    ...(d.website ? { sameAs: [d.website] } : {}),
    ...(d.logoUrl ? { logo: new URL(d.logoUrl, origin).toString() } : {}),
    ...(hours
      ? {
          openingHoursSpecification: WEEKDAYS.flatMap((day) => {
            const open = hours[day];
            return open
              ? [
                  {
                    "@type": "OpeningHoursSpecification",
                    dayOfWeek: DAY_OF_WEEK[day],
                    opens: open.open,
                    closes: open.close,
                  },
                ]
              : [];
          }),
        }
      : {}),
    ...aggregateRating(d.average, d.reviewCount),
  };
}

/** The JSON-LD as the text of a script element: `<` escaped so no value can close the element. */
export function structuredDataScript(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
