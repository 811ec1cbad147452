-- Rows the demo seed wrote before seeded rows were marked (demo): recognised by what only the seed writes.
-- Its people use the reserved example.com/example.net domains (RFC 2606), its phones the fictional 555-01xx
-- range, and its plans Stripe ids of its own (sub_demo_, in_demo_). A real deployment has none of them.
UPDATE "dealerships" SET "demo" = true
 WHERE "website" LIKE 'https://www.%.example.com'
   AND "manager_id" IN (SELECT "id" FROM "users" WHERE "email" ~* '@example\.(com|net)$');--> statement-breakpoint
UPDATE "salespeople" SET "demo" = true WHERE "email" ~* '(@sales\.example\.com|^sam\.rivera@example\.com)$';--> statement-breakpoint
UPDATE "appointments" a SET "demo" = true
 WHERE a."customer_phone" IN ('(555) 555-0100', '(555) 555-0142', '(555) 555-0177')
   AND a."salesperson_id" IN (SELECT "id" FROM "salespeople" WHERE "demo")
   AND (a."customer_id" IS NULL OR a."customer_id" IN (SELECT "id" FROM "users" WHERE "email" ~* '@example\.(com|net)$'));--> statement-breakpoint
UPDATE "ratings" r SET "demo" = true
 WHERE r."salesperson_id" IN (SELECT "id" FROM "salespeople" WHERE "demo")
   AND r."appointment_id" IN (SELECT "id" FROM "appointments" WHERE "demo");--> statement-breakpoint
UPDATE "subscriptions" SET "demo" = true WHERE "stripe_subscription_id" LIKE 'sub\_demo\_%';--> statement-breakpoint
UPDATE "payments" SET "demo" = true WHERE "stripe_invoice_id" LIKE 'in\_demo\_%';
