-- Certifications verified before the verifying dealership was kept: where the verifier still manages the
-- salesperson's dealership, that dealership verified it (as the badge read it until now); the rest keep the
-- platform's name, as they showed before.
UPDATE "certifications" c
   SET "verified_by_dealership_id" = d."id", "verified_by_dealership_name" = d."name"
  FROM "salespeople" s
  JOIN "dealerships" d ON d."id" = s."dealership_id"
 WHERE s."id" = c."salesperson_id" AND c."verified_at" IS NOT NULL AND d."manager_id" = c."verified_by"
   AND c."verified_by_dealership_id" IS NULL;
