// Where a sign-in lands each account: staff of a dealership on its bookings, its leads on the dashboard.
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../../shared/schemas/auth";
import { landingFor } from "./linkRedemption";

const user = (fields: Partial<SessionUser>): SessionUser =>
  ({
    role: "customer",
    salespersonId: null,
    managedDealershipId: null,
    dealershipId: null,
    dealershipRole: null,
    ...fields,
  }) as SessionUser;

describe("landingFor", () => {
  it("sends staff to the dealership's bookings and its leads to the manager dashboard", () => {
    expect(landingFor(user({ role: "manager", dealershipId: 3, dealershipRole: "staff" }))).toBe("/bookings");
    for (const dealershipRole of ["owner", "manager"] as const)
      expect(
        landingFor(user({ role: "manager", dealershipId: 3, managedDealershipId: 3, dealershipRole })),
      ).toBe("/manager/dashboard");
  });

  it("keeps salespeople and customers where they were", () => {
    expect(landingFor(user({ role: "salesperson", salespersonId: 1 }))).toBe("/salesperson-dashboard");
    expect(landingFor(user({}))).toBe("/");
  });
});
