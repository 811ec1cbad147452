// What a dealership's public page reads, declared once for its route and its page.
import { notFound } from "@tanstack/react-router";
import { dealershipSlug } from "../../../shared/schemas/dealershipPage";
import { trpcUtils } from "../../trpc";

/** The slug in a page's address; one that cannot name a dealership makes the page missing. */
function parseSlug(raw: string): string {
  const parsed = dealershipSlug.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw notFound();
}

export const dealershipQueries = {
  bySlug: (rawSlug: string) => trpcUtils.site.dealershipPage.queryOptions({ slug: parseSlug(rawSlug) }),
};
