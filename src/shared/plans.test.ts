// The one plan declaration (docs/decisions/015-one-plan-declaration.md): what cards and the manager's dialog
// say is read from PLANS and agrees with what checkout charges (chargeCents).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ANNUAL_MONTHS_CHARGED,
  addSalespersonEffect,
  annualSavingsCents,
  cardPrice,
  chargeCents,
  PLANS,
  priceLine,
} from "./plans";

describe("plan prices", () => {
  it("a card's unit price times the plan's minimum is what checkout charges, monthly and annually", () => {
    for (const plan of Object.values(PLANS)) {
      for (const interval of ["month", "year"] as const)
        expect(cardPrice(plan, interval).cents * plan.minQuantity).toBe(chargeCents(plan, interval));
      expect(annualSavingsCents(plan)).toBe(chargeCents(plan, "month") * (12 - ANNUAL_MONTHS_CHARGED));
    }
    expect(cardPrice(PLANS["dealer-basic"])).toEqual({ cents: 690_00, price: "$690", period: "/month" });
    expect(cardPrice(PLANS["dealer-professional"]).period).toBe("/salesperson/month");
    expect(priceLine(PLANS["dealer-professional"])).toEqual({
      price: "$890",
      period: "per month for 10 salespeople, $89 for each one more",
    });
  });

  it("every plan says what it includes", () => {
    for (const plan of Object.values(PLANS)) expect(plan.features.length).toBeGreaterThan(0);
  });

  it("adding a salesperson says what it changes on the dealership's own plan, with only charged figures", () => {
    const free = { planId: null, name: "Free", salespersonLimit: 10, used: 7 };
    expect(addSalespersonEffect(free)).toBe(
      "No charge: the free allowance covers up to 10 salespeople (7 of 10 places used).",
    );
    expect(addSalespersonEffect({ ...free, used: 10 })).not.toMatch(/\$/);
    const seats = {
      planId: "dealer-professional" as const,
      name: "Dealer Professional",
      salespersonLimit: 12,
    };
    expect(addSalespersonEffect({ ...seats, used: 11 })).toBe(
      "Included in your Dealer Professional plan (11 of 12 places used).",
    );
    expect(addSalespersonEffect({ ...seats, used: 12 })).toContain(
      `+$${PLANS["dealer-professional"].unitAmountCents / 100}/month`,
    );
    expect(
      addSalespersonEffect({
        planId: "dealer-enterprise",
        name: "Dealer Enterprise",
        salespersonLimit: null,
        used: 40,
      }),
    ).toBe("Included in your Dealer Enterprise plan, which has no limit on salespeople.");
  });
});

/** Every source file under `dir`, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("no price outside the declaration", () => {
  it("no module but plans.ts writes a dollar figure or a price in cents of its own", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const offenders = sources(root)
      .filter((file) => !file.endsWith(path.join("shared", "plans.ts")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${path.relative(root, file)}:${i + 1}` }))
          .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line))
          .filter(({ line }) => /\$[1-9]\d|\$\d+[.,]\d|\b\w*(Cents|CENTS)\b\s*[:=]\s*[1-9]/.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
