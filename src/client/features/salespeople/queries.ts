// What a salesperson's public profile reads, declared once for its routes and its page.
import { notFound } from "@tanstack/react-router";
import { ID_MAX } from "../../../shared/constants";
import { trpcUtils } from "../../trpc";

/** The id in a profile's address; one that cannot name a salesperson makes the page missing. */
function parseSalespersonId(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id > 0 && id <= ID_MAX) return id;
  throw notFound();
}

export const salespersonQueries = {
  byId: (rawId: string) => trpcUtils.salespeople.byId.queryOptions({ id: parseSalespersonId(rawId) }),
};
